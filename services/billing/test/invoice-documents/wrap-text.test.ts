import { describe, expect, it } from 'vitest';
import { wrapText } from '../../src/invoice-documents/wrap-text.js';

/** Lines of at most `width` characters. */
const within = (width: number) => (line: string) => line.length <= width;

describe('wrapText', () => {
  it('keeps text that fits on one line, whitespace folded', () => {
    expect(wrapText('  Risk   Scoring ', within(20))).toEqual(['Risk Scoring']);
  });

  it('breaks at spaces where it can', () => {
    expect(wrapText('Unused time on Professional plan', within(14))).toEqual([
      'Unused time on',
      'Professional',
      'plan',
    ]);
  });

  it('breaks inside a word only when the word alone is too wide', () => {
    expect(wrapText('to averyveryverylongaddress@demo.local', within(10))).toEqual([
      'to',
      'averyveryv',
      'erylongadd',
      'ress@demo.',
      'local',
    ]);
  });

  it('answers no lines for empty text, and one character a line when nothing wider fits', () => {
    expect(wrapText('   ', within(5))).toEqual([]);
    expect(wrapText('abc', within(0))).toEqual(['a', 'b', 'c']);
  });
});
