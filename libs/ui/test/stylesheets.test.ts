import { compile } from '@tailwindcss/node';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const stylesDir = fileURLToPath(new URL('../src/styles', import.meta.url));
const srcDir = fileURLToPath(new URL('../src', import.meta.url));

async function build(file: string, candidates: string[]) {
  const css = await readFile(join(stylesDir, file), 'utf8');
  const compiled = await compile(css, { base: stylesDir, onDependency: () => undefined });
  return { css: compiled.build(candidates), sources: compiled.sources };
}

/** Preflight's first rule: the box-sizing reset on every element. */
const preflight =
  /\*,\s*::after,\s*::before,\s*::backdrop,\s*::file-selector-button\s*\{[^}]*box-sizing: border-box/;

describe('the stylesheets the apps import', () => {
  it("styles.css (the shell's) carries preflight, the tokens, base styles and the theme's utilities", async () => {
    const { css } = await build('styles.css', ['bg-primary']);
    expect(css).toMatch(preflight);
    expect(css).toContain('--primary: #2b3dd1');
    expect(css).toMatch(/body \{[^}]*background-color: var\(--color-background\)/);
    expect(css).toContain('background-color: var(--primary)');
  });

  it("remote.css (a remote's) carries the tokens and utilities but no preflight or base styles", async () => {
    const { css } = await build('remote.css', ['bg-primary']);
    expect(css).not.toMatch(preflight);
    expect(css).not.toMatch(/body \{/);
    expect(css).toContain('--primary: #2b3dd1');
    expect(css).toContain('background-color: var(--primary)');
  });

  it("both scan the ui package's own sources, which sit under node_modules in the apps", async () => {
    for (const file of ['styles.css', 'remote.css']) {
      const { sources } = await build(file, []);
      expect(sources.map(({ base, pattern }) => join(base, pattern))).toContain(srcDir + '/');
    }
  });
});
