import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadIndexPages } from '../src/web/index-page.js';

const folder = mkdtempSync(join(tmpdir(), 'index-page-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A shell and a remote build as the builds write them, with the remote's screen-chunks.json as given and the
 * shell's route-reads.json when given.
 */
function builds(name: string, screenChunks: string, routeReads?: string) {
  const shell = join(folder, name, 'shell');
  const remote = join(folder, name, 'mfe-admin');
  mkdirSync(shell, { recursive: true });
  mkdirSync(remote, { recursive: true });
  writeFileSync(join(shell, 'index.html'), '<html><head></head><body></body></html>');
  writeFileSync(
    join(shell, 'remote-routes.json'),
    JSON.stringify({ admin: { remote: 'mfe_admin', screens: ['admin-dashboard'] } }),
  );
  writeFileSync(join(remote, 'screen-chunks.json'), screenChunks);
  if (routeReads !== undefined) writeFileSync(join(shell, 'route-reads.json'), routeReads);
  const config = { remotes: [{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }] };
  return loadIndexPages(shell, config, [{ name: 'mfe_admin', base: '/remotes/mfe-admin/', root: remote }]);
}

describe("the pages' screen hints", () => {
  it("refuse to start on a remote's file that names a path out of its folder", async () => {
    await expect(
      builds('climbing', JSON.stringify({ 'admin-dashboard': ['../shell/x.js'] })),
    ).rejects.toThrow();
  });

  it("refuse to start on a remote's file that is not the build's shape", async () => {
    await expect(builds('shape', JSON.stringify({ 'admin-dashboard': 'assets/x.js' }))).rejects.toThrow();
  });

  it("hint a remote's screen files under the remote's path", async () => {
    const pages = await builds('good', JSON.stringify({ 'admin-dashboard': ['assets/x-1.js'] }));
    expect(pages.pageFor('admin').html).toContain(
      '<link rel="modulepreload" href="/remotes/mfe-admin/remoteEntry.js">' +
        '<link rel="modulepreload" href="/remotes/mfe-admin/assets/x-1.js">',
    );
  });

  it("preload each segment's first reads in its page only, a segment without code of its own included", async () => {
    const reads = { admin: ['/api/admin/tenants?limit=10'], catalog: ['/api/products?isActive=true'] };
    const pages = await builds('reads', JSON.stringify({ 'admin-dashboard': [] }), JSON.stringify(reads));
    const preload = (href: string) => `<link rel="preload" href="${href}" as="fetch"`;
    expect(pages.pageFor('admin').html).toContain(preload('/api/admin/tenants?limit=10'));
    expect(pages.pageFor('catalog').html).toContain(preload('/api/products?isActive=true'));
    expect(pages.pageFor('catalog').html).not.toContain('/api/admin/tenants');
    expect(pages.pageFor('').html).not.toContain('/api/products');
  });

  it.each([
    ['https://elsewhere.example/api/x'],
    ['//elsewhere.example/api/x'],
    ['/api/../login'],
    ['/assets/x.js'],
  ])('refuse to start on a read address %s that is not an API path of this origin', async (address) => {
    await expect(
      builds(`address-${address.length}`, '{}', JSON.stringify({ admin: [address] })),
    ).rejects.toThrow();
  });
});
