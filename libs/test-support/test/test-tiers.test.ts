import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findTestFiles, sortIntoTiers } from '../src/test-tiers.js';

/**
 * The fixture sources are assembled from pieces: written out whole, this file would ask for Postgres and a
 * browser itself and be sorted out of the unit tier it belongs in.
 */
const asksForDatabase = `inject${'('}'databaseUrl')`;
const asksForNats = `inject${'('}'natsUrl')`;
const importsPlaywright = `import { chromium } ${'from'} 'playwright-core';`;
const locksTheBuild = `withBuildLock${'('}() => undefined)`;

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'test-tiers-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(files: Record<string, string>): void {
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
}

/** A workspace package as npm links it: node_modules/<name> points at its folder. */
function linkPackage(name: string, folder: string, exports: string | Record<string, string>): void {
  write({ [`${folder}/package.json`]: JSON.stringify({ name, exports }) });
  mkdirSync(dirname(join(root, 'node_modules', name)), { recursive: true });
  symlinkSync(join(root, folder), join(root, 'node_modules', name), 'dir');
}

function tiersOf(...files: string[]) {
  return sortIntoTiers(root, files);
}

describe('sortIntoTiers', () => {
  it('puts a file that reaches no fixture in unit', () => {
    write({
      'libs/a/test/plain.test.ts': `import { helper } from './helper.js';\nimport { z } from 'zod';\n`,
      'libs/a/test/helper.ts': `export const helper = () => 1;\n`,
    });

    expect(tiersOf('libs/a/test/plain.test.ts')).toEqual({
      unit: ['libs/a/test/plain.test.ts'],
      integration: [],
      e2e: [],
    });
  });

  it('puts a file whose imports reach inject of a service URL in integration, however deep', () => {
    write({
      'libs/a/test/db.test.ts': `import { start } from './support/harness.js';\n`,
      'libs/a/test/support/harness.ts': `export { open as start } from '../../src/open.js';\n`,
      'libs/a/src/open.ts': `export const open = () => ${asksForDatabase};\n`,
      'libs/a/test/nats.test.ts': `const url = ${asksForNats};\n`,
    });

    expect(tiersOf('libs/a/test/db.test.ts', 'libs/a/test/nats.test.ts').integration).toEqual([
      'libs/a/test/db.test.ts',
      'libs/a/test/nats.test.ts',
    ]);
  });

  it('puts a file that reaches playwright-core or the build lock in e2e, over integration', () => {
    write({
      'scripts/test/screen.test.ts': `import { open } from './support/browser.js';\nimport './support/db.js';\n`,
      'scripts/test/support/browser.ts': `${importsPlaywright}\nexport const open = chromium;\n`,
      'scripts/test/support/db.ts': `export const url = ${asksForDatabase};\n`,
      'scripts/test/start.test.ts': `await ${locksTheBuild};\n`,
    });

    expect(tiersOf('scripts/test/screen.test.ts', 'scripts/test/start.test.ts')).toEqual({
      unit: [],
      integration: [],
      e2e: ['scripts/test/screen.test.ts', 'scripts/test/start.test.ts'],
    });
  });

  it('follows a workspace package through the subpath its package.json exports', () => {
    linkPackage('@fx/support', 'libs/support', { '.': './src/index.ts', './harness': './src/harness.ts' });
    write({
      'libs/support/src/index.ts': `export const names = () => 'n';\n`,
      'libs/support/src/harness.ts': `export const start = () => ${asksForDatabase};\n`,
      'libs/a/test/root.test.ts': `import { names } from '@fx/support';\n`,
      'libs/a/test/harness.test.ts': `import { start } from '@fx/support/harness';\n`,
    });

    expect(tiersOf('libs/a/test/root.test.ts', 'libs/a/test/harness.test.ts')).toEqual({
      unit: ['libs/a/test/root.test.ts'],
      integration: ['libs/a/test/harness.test.ts'],
      e2e: [],
    });
  });

  it('follows a package whose exports is a single file', () => {
    linkPackage('@fx/db', 'libs/db', './src/index.ts');
    write({
      'libs/db/src/index.ts': `export const url = ${asksForDatabase};\n`,
      'libs/a/test/db.test.ts': `import { url } from '@fx/db';\n`,
    });

    expect(tiersOf('libs/a/test/db.test.ts').integration).toEqual(['libs/a/test/db.test.ts']);
  });

  it('ignores what an installed package asks for: only the workspace is followed', () => {
    write({
      'node_modules/some-lib/package.json': JSON.stringify({ name: 'some-lib', exports: './index.ts' }),
      'node_modules/some-lib/index.ts': `export const url = ${asksForDatabase};\n`,
      'libs/a/test/lib.test.ts': `import { url } from 'some-lib';\n`,
    });

    expect(tiersOf('libs/a/test/lib.test.ts').unit).toEqual(['libs/a/test/lib.test.ts']);
  });

  it('does not follow type-only imports, which load nothing', () => {
    write({
      'libs/a/test/types.test.ts': `import type { Harness } from './harness.js';\nexport type { Other } from './harness.js';\n`,
      'libs/a/test/harness.ts': `export type Harness = string;\nexport type Other = number;\nexport const url = ${asksForDatabase};\n`,
    });

    expect(tiersOf('libs/a/test/types.test.ts').unit).toEqual(['libs/a/test/types.test.ts']);
  });

  it('follows vi.mock and dynamic imports, and survives import cycles', () => {
    write({
      'libs/a/test/mocked.test.ts': `vi.mock('./db.js', () => ({}));\n`,
      'libs/a/test/dynamic.test.ts': `const m = await import('./db.js');\n`,
      'libs/a/test/db.ts': `import './cycle.js';\nexport const url = ${asksForDatabase};\n`,
      'libs/a/test/cycle.ts': `import './db.js';\n`,
    });

    expect(tiersOf('libs/a/test/mocked.test.ts', 'libs/a/test/dynamic.test.ts').integration).toHaveLength(2);
  });

  it('refuses a workspace import it cannot follow rather than guess a tier', () => {
    linkPackage('@fx/support', 'libs/support', { '.': './src/index.ts' });
    write({
      'libs/support/src/index.ts': `export {};\n`,
      'libs/a/test/missing.test.ts': `import { start } from '@fx/support/harness';\n`,
    });

    expect(() => tiersOf('libs/a/test/missing.test.ts')).toThrow(
      /cannot follow '@fx\/support\/harness' from libs\/a\/test\/missing\.test\.ts/,
    );
  });
});

describe('findTestFiles', () => {
  it('finds test files inside test folders of the chosen top-level folders only', () => {
    write({
      'libs/a/test/one.test.ts': '',
      'libs/a/test/deep/two.test.tsx': '',
      'libs/a/test/helper.ts': '',
      'libs/a/src/not-in-test.test.ts': '',
      'libs/a/node_modules/x/test/dep.test.ts': '',
      'libs/a/dist/test/built.test.ts': '',
      'other/test/elsewhere.test.ts': '',
    });

    expect(findTestFiles(root, /^libs$/)).toEqual([
      'libs/a/test/deep/two.test.tsx',
      'libs/a/test/one.test.ts',
    ]);
  });
});
