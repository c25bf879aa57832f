import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { metricCatalogue } from '../src/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const catalogueFile = 'libs/service-kit/src/telemetry/metric-catalogue.ts';

/** Every TypeScript source of the services, the gateway and the libraries: where metrics get registered. */
function sources(): Array<{ path: string; text: string }> {
  const folders = ['gateway/src', 'libs', 'services'];
  const found: Array<{ path: string; text: string }> = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'test' && entry.name !== 'dist') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        found.push({ path: relative(root, path), text: readFileSync(path, 'utf8') });
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return found.filter((file) => file.path.includes('/src/') && file.path !== catalogueFile);
}

describe('the metric catalogue', () => {
  const files = sources();
  const entries = Object.entries(metricCatalogue);

  it.each(entries)('%s is registered from its catalogue entry by some service', (key) => {
    const registering = files.filter((file) => file.text.includes(`metricCatalogue.${key}`));
    expect(registering.map((file) => file.path)).not.toEqual([]);
  });

  it.each(entries)('%s is never named by a string of its own outside the catalogue', (_key, entry) => {
    const literal = new RegExp(`['"\`]${entry.name}['"\`]`);
    expect(files.filter((file) => literal.test(file.text)).map((file) => file.path)).toEqual([]);
  });
});
