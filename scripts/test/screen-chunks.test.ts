import { describe, expect, it } from 'vitest';
import type { BuiltChunk } from '../web/chunk-graph.js';
import { screenChunks } from '../web/screen-chunks.js';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  dynamicImports: string[] = [],
) =>
  ({ fileName, isEntry: false, facadeModuleId, moduleIds: [], imports, dynamicImports }) satisfies BuiltChunk;

/** A remote's build as module federation and the bundler leave it, reduced to what the hints follow. */
const build = [
  chunk(
    'remoteEntry.js',
    null,
    ['assets/federation-runtime-1.js'],
    ['assets/routes-2.js', 'assets/shareMap-3.js'],
  ),
  chunk('assets/federation-runtime-1.js', null),
  chunk('assets/routes-2.js', 'virtual:mf-exposes', ['assets/routes-4.js']),
  chunk(
    'assets/routes-4.js',
    '/app/mfe-customer/src/routes.ts',
    [],
    ['assets/dashboard-page-5.js', 'assets/analytics-page-7.js'],
  ),
  chunk('assets/shareMap-3.js', null, ['assets/loadShare-6.js'], ['assets/__prebuild__react-dom-9.js']),
  chunk('assets/loadShare-6.js', null),
  chunk('assets/__prebuild__react-dom-9.js', null),
  chunk('assets/dashboard-page-5.js', '/app/mfe-customer/src/screens/dashboard/dashboard-page.tsx', [
    'assets/common-8.js',
    'assets/__prebuild__react-dom-9.js',
  ]),
  chunk('assets/analytics-page-7.js', '/app/mfe-customer/src/screens/analytics/analytics-page.tsx', [
    'assets/common-8.js',
  ]),
  chunk('assets/common-8.js', null, ['assets/loadShare-6.js']),
  chunk('assets/tabs-10.js', '/app/mfe-customer/src/screens/dashboard/tabs.tsx'),
];

describe("the files of a remote's screens", () => {
  it('are the entry, what it starts with, the exposed routes and the screen with its static imports', () => {
    expect(screenChunks(build, 'remoteEntry.js').dashboard).toEqual([
      'assets/common-8.js',
      'assets/dashboard-page-5.js',
      'assets/federation-runtime-1.js',
      'assets/loadShare-6.js',
      'assets/routes-2.js',
      'assets/routes-4.js',
      'assets/shareMap-3.js',
      'remoteEntry.js',
    ]);
  });

  it("leave out other screens and the shared libraries' fallback copies, and name every screen", () => {
    const screens = screenChunks(build, 'remoteEntry.js');
    expect(Object.keys(screens).sort()).toEqual(['analytics', 'dashboard']);
    expect(screens.dashboard).not.toContain('assets/analytics-page-7.js');
    expect(screens.analytics).toContain('assets/analytics-page-7.js');
    expect(
      Object.values(screens)
        .flat()
        .some((file) => file.includes('__prebuild__')),
    ).toBe(false);
  });

  it('fail a build that has no such entry', () => {
    expect(() => screenChunks(build, 'remote.js')).toThrow('the build has no remote.js');
  });
});
