import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

async function tokens(): Promise<Map<string, string>> {
  const css = await readFile(new URL('../src/styles/tokens.css', import.meta.url), 'utf8');
  return new Map(
    [...css.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, hex]) => [name!, hex!]),
  );
}

/** WCAG 2.2 relative luminance and contrast ratio of two sRGB hex colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Text on its surface: WCAG AA for normal-size text (1.4.3). */
const textPairs: [text: string, surface: string][] = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['primary-foreground', 'primary'],
  ['primary-foreground', 'primary-hover'],
  ['secondary-foreground', 'secondary'],
  ['muted-foreground', 'muted'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['accent-foreground', 'accent'],
  ['destructive-foreground', 'destructive'],
  ['destructive', 'card'],
  ['success-foreground', 'success'],
  ['success-muted-foreground', 'success-muted'],
  ['warning-foreground', 'warning'],
  ['primary', 'card'],
  ['primary', 'background'],
];

/** Controls and the focus ring against what they sit on: 3:1 for non-text contrast (1.4.11). */
const controlPairs: [control: string, surface: string][] = [
  ['input', 'card'],
  ['switch-off', 'card'],
  ['ring', 'background'],
  ['ring', 'card'],
];

describe('the light theme (WCAG AA)', () => {
  it.each(textPairs)('%s on %s has at least 4.5:1 contrast', async (text, surface) => {
    const palette = await tokens();
    expect(contrast(palette.get(text)!, palette.get(surface)!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(controlPairs)('%s against %s has at least 3:1 contrast', async (control, surface) => {
    const palette = await tokens();
    expect(contrast(palette.get(control)!, palette.get(surface)!)).toBeGreaterThanOrEqual(3);
  });
});
