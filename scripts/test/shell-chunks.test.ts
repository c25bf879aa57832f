import { describe, expect, it } from 'vitest';
import type { BuiltChunk } from '../web/chunk-graph.js';
import { shellChunks } from '../web/shell-chunks.js';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  isEntry = false,
  moduleIds = facadeModuleId === null ? [] : [facadeModuleId],
) => ({ fileName, isEntry, facadeModuleId, moduleIds, imports, dynamicImports: [] }) satisfies BuiltChunk;

/** The shell's build, reduced to what the hints follow. */
const build = [
  chunk('assets/index-1.js', '/app/shell/index.html', ['assets/loadShare-2.js'], true),
  chunk('assets/loadShare-2.js', null),
  chunk('assets/catalog-page-3.js', '/app/shell/src/pages/catalog/catalog-page.tsx', [
    'assets/menu-4.js',
    'assets/loadShare-2.js',
  ]),
  chunk('assets/menu-4.js', null),
  chunk('assets/remote-screen-5.js', '/app/shell/src/federation/remote-screen.tsx', [
    'assets/loadShare-2.js',
  ]),
  chunk('assets/navigation-bar-6.js', '/app/shell/src/layout/navigation-bar.tsx', ['assets/menu-4.js']),
];

describe("the shell's own files each route segment needs", () => {
  it('are the lazily loaded modules and what they import, less what index.html already asks for', () => {
    const frame = ['src/federation/remote-screen.tsx', 'src/layout/navigation-bar.tsx'];
    expect(shellChunks(build, { catalog: ['src/pages/catalog/catalog-page.tsx'], dashboard: frame })).toEqual(
      {
        catalog: ['assets/catalog-page-3.js', 'assets/menu-4.js'],
        dashboard: ['assets/menu-4.js', 'assets/navigation-bar-6.js', 'assets/remote-screen-5.js'],
      },
    );
  });

  it('find a module that a chunk group holds beside others (chunks.ts), without its own chunk', () => {
    const grouped = [
      ...build.filter((built) => built.fileName !== 'assets/remote-screen-5.js'),
      chunk('assets/remote-frame-7.js', null, ['assets/menu-4.js'], false, [
        '/app/shell/src/federation/remote-screen.tsx',
        '/app/shell/src/federation/remote-start.ts',
      ]),
    ];
    expect(shellChunks(grouped, { dashboard: ['src/federation/remote-screen.tsx'] })).toEqual({
      dashboard: ['assets/menu-4.js', 'assets/remote-frame-7.js'],
    });
  });

  it('fail the build for a module that no chunk holds', () => {
    expect(() => shellChunks(build, { catalog: ['src/pages/catalogue.tsx'] })).toThrow(
      'no chunk holds src/pages/catalogue.tsx',
    );
  });
});
