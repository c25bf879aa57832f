import { describe, expect, it } from 'vitest';
import { drawableText } from '../../src/invoice-documents/win-ansi.js';

describe('drawableText', () => {
  it('keeps what the standard fonts draw: ASCII, Latin-1 letters and Windows-1252 punctuation', () => {
    const text = 'Zoë Müller-Ångström, São Paulo – “Enterprise” plan … €1,299.00';
    expect(drawableText(text)).toBe(text);
  });

  it('prints anything else as "?", one per character, and other whitespace as a space', () => {
    expect(drawableText('Łukasz 山田 😀\tPro')).toBe('?ukasz ?? ? Pro');
    expect(drawableText('a\u0007b')).toBe('a?b');
  });
});
