import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(process.cwd(), 'scripts', 'build-changed.mjs');

/**
 * `npm start`'s build (scripts/build-changed.mjs) on a small checkout of its own: two deployables, one workspace
 * without a build, a library, and the launcher, each "build" a line in a log, so the test sees exactly what
 * was built.
 */
let root: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

const builder = `const fs = require('node:fs');
const name = process.argv[2];
if (fs.existsSync('FAIL')) process.exit(3);
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist');
fs.writeFileSync('dist/out.txt', name);
fs.appendFileSync(process.env.BUILD_LOG, name + '\\n');
`;

async function buildChanged(): Promise<{ built: string[]; output: string }> {
  const log = join(root, 'build.log');
  await writeFile(log, '');
  const { stdout } = await run('node', [script, '--root', root], { env: { ...process.env, BUILD_LOG: log } });
  const built = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
  return { built, output: stdout };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-changed-'));
  const manifest = (name: string, build?: string) =>
    JSON.stringify({ name, private: true, scripts: build === undefined ? {} : { build } });
  await put(
    'package.json',
    JSON.stringify({
      name: 'fixture',
      private: true,
      workspaces: ['apps/*', 'tool'],
      scripts: { 'build:launcher': 'node builder.cjs launcher' },
    }),
  );
  await put('builder.cjs', builder);
  await put('package-lock.json', '{}');
  await put('libs/shared/index.ts', 'export const shared = 1;\n');
  await put('apps/one/package.json', manifest('one', 'node ../../builder.cjs one'));
  await put('apps/one/src/index.ts', 'export const one = 1;\n');
  await put('apps/one/test/one.test.ts', '// a test\n');
  await put('apps/two/package.json', manifest('two', 'node ../../builder.cjs two'));
  await put('apps/two/src/index.ts', 'export const two = 2;\n');
  await put('tool/package.json', manifest('tool'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm start’s build', () => {
  it('builds every deployable and the launcher the first time, and none the second', async () => {
    expect((await buildChanged()).built).toEqual(['one', 'two', 'launcher']);

    const again = await buildChanged();
    expect(again.built).toEqual([]);
    expect(again.output).toContain('apps/one: unchanged since its last build');
    expect(again.output).toContain('launcher: unchanged since its last build');
    expect(again.output).not.toContain('tool');
  });

  it('rebuilds only the deployable whose own sources changed', async () => {
    await put('apps/one/src/index.ts', 'export const one = 11;\n');
    expect((await buildChanged()).built).toEqual(['one']);
  });

  it('rebuilds nothing for a file rewritten with the same content, or for a changed test', async () => {
    await put('apps/two/src/index.ts', 'export const two = 2;\n');
    await put('apps/one/test/one.test.ts', '// another test\n');
    expect((await buildChanged()).built).toEqual([]);
  });

  it('rebuilds everything when a library or the lockfile changes', async () => {
    await put('libs/shared/index.ts', 'export const shared = 2;\n');
    expect((await buildChanged()).built).toEqual(['one', 'two', 'launcher']);
    await put('package-lock.json', '{"lockfileVersion":3}');
    expect((await buildChanged()).built).toEqual(['one', 'two', 'launcher']);
  });

  it('rebuilds a deployable whose dist/ was emptied', async () => {
    await rm(join(root, 'apps/two/dist'), { recursive: true });
    expect((await buildChanged()).built).toEqual(['two']);
  });

  it('stops with the failing build’s error and builds it again next time', async () => {
    await put('apps/one/src/index.ts', 'export const one = 111;\n');
    await put('apps/one/FAIL', '');
    await expect(buildChanged()).rejects.toMatchObject({ code: 3 });

    await rm(join(root, 'apps/one/FAIL'));
    expect((await buildChanged()).built).toEqual(['one']);
  });
});
