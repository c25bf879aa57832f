import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { precompressAssets, shouldPrecompress } from '../web/precompress.js';

const folder = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The plugin's two hooks as Vite calls them: the bundle written, then the build closed. */
async function build(files: Record<string, string>, onDisk: Record<string, string> = files) {
  for (const [name, content] of Object.entries(onDisk)) writeFileSync(join(folder, name), content);
  const plugin = precompressAssets();
  const bundle = Object.fromEntries(Object.keys(files).map((name) => [name, {}])) as Rolldown.OutputBundle;
  const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: Rolldown.OutputBundle) => void;
  writeBundle({ dir: folder }, bundle);
  await (plugin.closeBundle as { handler: () => Promise<void> }).handler();
}

describe('precompressing a build', () => {
  it('writes brotli and gzip copies of the text files as they are on disk', async () => {
    const code = `export const screens = "${'screen '.repeat(400)}";`;
    // On disk as federation rewrote it after the bundle was made.
    await build({ 'entry.js': 'before the rewrite' }, { 'entry.js': code });
    expect(brotliDecompressSync(readFileSync(join(folder, 'entry.js.br'))).toString()).toBe(code);
    expect(gunzipSync(readFileSync(join(folder, 'entry.js.gz'))).toString()).toBe(code);
    expect(readFileSync(join(folder, 'entry.js.br')).byteLength).toBeLessThan(code.length / 10);
  });

  it('leaves small files and compressed formats alone', async () => {
    await build({ 'tiny.js': 'export {};', 'logo.png': 'x'.repeat(4000) });
    expect(existsSync(join(folder, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(folder, 'logo.png.gz'))).toBe(false);
  });

  it('takes scripts, styles, JSON and SVG of 1 KB and more', () => {
    for (const name of ['a.js', 'b.css', 'c.json', 'd.svg'])
      expect(shouldPrecompress(name, 1024), name).toBe(true);
    expect(shouldPrecompress('a.js', 1023)).toBe(false);
    expect(shouldPrecompress('index.html', 5000)).toBe(false);
  });
});
