import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export type TestTier = 'unit' | 'integration' | 'e2e';

/**
 * What a module's source asks of the run, strongest first. A test needs what the fixtures it imports ask for, so
 * the tiers follow the code and nobody keeps lists: the run's Postgres, NATS or KurrentDB come through
 * `inject` (global-setup.ts provides them), the built platform through a build under `withBuildLock` or the
 * run's build id, a browser through playwright-core.
 */
const needs: ReadonlyArray<readonly [Exclude<TestTier, 'unit'>, RegExp]> = [
  ['e2e', /\bwithBuildLock\(|\binject\(\s*['"]testRunId['"]|\bfrom\s+['"]playwright-core['"]/],
  ['integration', /\binject\(\s*['"](?:databaseUrl|natsUrl|eventStoreUrl|eventStoreSkipReason)['"]/],
];
const importedSpecifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;
/** `import type` and `export type` are erased before a test runs: they load nothing and ask nothing. */
const typeOnly = /\b(?:import|export)\s+type\s+(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s*['"][^'"]+['"]/g;

/**
 * The suite's test files, relative to `root`: `*.test.ts` and `*.test.tsx` inside a `test` folder of a top-level
 * folder whose name `folders` accepts, never under node_modules or dist.
 */
export function findTestFiles(root: string, folders: RegExp): string[] {
  const files: string[] = [];
  const walk = (folder: string, insideTest: boolean): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path, insideTest || entry.name === 'test');
      else if (insideTest && /\.test\.tsx?$/.test(entry.name)) files.push(relative(root, path));
    }
  };
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory() && folders.test(entry.name)) walk(join(root, entry.name), false);
  }
  return files.sort();
}

/** Sorts test files (relative to `root`) by the strongest need among the modules each one reaches. */
export function sortIntoTiers(root: string, files: readonly string[]): Record<TestTier, string[]> {
  const graph = new ModuleGraph(root);
  const tiers: Record<TestTier, string[]> = { unit: [], integration: [], e2e: [] };
  for (const file of files) tiers[graph.tierOf(resolve(root, file))].push(file);
  return tiers;
}

class ModuleGraph {
  private readonly modules = new Map<string, { need: TestTier; imports: string[] }>();

  constructor(private readonly root: string) {}

  tierOf(file: string): TestTier {
    let tier: TestTier = 'unit';
    const seen = new Set([file]);
    const queue = [file];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const module = this.read(next);
      if (module.need === 'e2e') return 'e2e';
      if (module.need === 'integration') tier = 'integration';
      for (const imported of module.imports) {
        if (!seen.has(imported)) {
          seen.add(imported);
          queue.push(imported);
        }
      }
    }
    return tier;
  }

  private read(file: string): { need: TestTier; imports: string[] } {
    const known = this.modules.get(file);
    if (known) return known;
    const source = readFileSync(file, 'utf8').replace(typeOnly, '');
    const need: TestTier = needs.find(([, pattern]) => pattern.test(source))?.[0] ?? 'unit';
    const imports = [...source.matchAll(importedSpecifier)]
      .map(([, specifier]) => this.resolve(file, specifier ?? ''))
      .filter((path) => path !== undefined);
    const module = { need, imports };
    this.modules.set(file, module);
    return module;
  }

  /**
   * Relative imports and the workspace's own packages; an installed package asks nothing of the run. A workspace
   * import that cannot be followed is an error, not a guess: the test would land in a tier it may not belong in.
   */
  private resolve(from: string, specifier: string): string | undefined {
    if (specifier.startsWith('.')) return sourceFile(resolve(dirname(from), specifier));
    const parts = specifier.split('/');
    const name = parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    const link = join(this.root, 'node_modules', name);
    if (!existsSync(link)) return undefined;
    const folder = realpathSync(link);
    if (folder.split(sep).includes('node_modules')) return undefined;
    const { exports } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      exports?: string | Record<string, unknown>;
    };
    const subpath = ['.', ...parts.slice(name.split('/').length)].join('/');
    const target = typeof exports === 'string' ? subpath === '.' && exports : exports?.[subpath];
    const path = typeof target === 'string' ? sourceFile(join(folder, target)) : undefined;
    if (path === undefined) {
      throw new Error(
        `test tiers: cannot follow '${specifier}' from ${relative(this.root, from)}: ` +
          `${relative(this.root, folder)}/package.json exports no file for '${subpath}'`,
      );
    }
    return path;
  }
}

/** TypeScript sources are imported by their `.js` names, folders by their index. */
function sourceFile(path: string): string | undefined {
  const base = path.replace(/\.js$/, '');
  const candidates = [path, `${base}.ts`, `${base}.tsx`, join(path, 'index.ts'), join(path, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}
