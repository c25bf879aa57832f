import { __unstable__loadDesignSystem } from '@tailwindcss/node';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../src', import.meta.url));
const stylesDir = join(srcDir, 'styles');

/** Marker classes that style through `group-[.x]:` or `peer-*:` variants rather than being utilities. */
const markers = new Set(['group', 'peer', 'destructive']);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function stringLiterals(source: string): string[] {
  return [...source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

/**
 * Tailwind drops a class it does not know without a word, so a typo or a token missing from the theme would
 * leave a component silently unstyled. A string holding at least one utility is a class list: every word in it
 * must compile against the shell's stylesheet.
 */
describe('the components’ class names', () => {
  it('all compile against the theme', async () => {
    const css = await readFile(join(stylesDir, 'styles.css'), 'utf8');
    const design = await __unstable__loadDesignSystem(css, { base: stylesDir });
    const unknown: string[] = [];
    let checked = 0;
    for (const file of await sourceFiles(srcDir)) {
      for (const literal of stringLiterals(await readFile(file, 'utf8'))) {
        const words = literal.split(/\s+/).filter((word) => word !== '' && !markers.has(word));
        const compiled = design.candidatesToCss(words);
        if (!compiled.some((rule) => rule !== null)) continue;
        checked += words.length;
        words.forEach((word, index) => {
          if (compiled[index] === null) unknown.push(`${file.slice(srcDir.length + 1)}: ${word}`);
        });
      }
    }
    expect(unknown).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
