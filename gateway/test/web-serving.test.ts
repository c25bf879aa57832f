import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '@app/service-kit';
import { buildGateway } from '../src/app.js';
import { headerAuthenticator, testConfig } from './support.js';

/** A built shell and one remote on disk, as `npm run build` leaves them. */
const folder = mkdtempSync(join(tmpdir(), 'gateway-web-'));
const shellRoot = join(folder, 'shell');
const remoteRoot = join(folder, 'mfe-admin');
const indexHtml =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>';
const bundle = `export const app = "${'shell code '.repeat(200)}";`;
/** A chunk the build precompressed; each copy says which it is, so a test sees which one was sent. */
const vendor = (copy: string) => `export const vendor = "${copy} ${'vendor code '.repeat(200)}";`;

let app: ServiceApp;

beforeAll(async () => {
  mkdirSync(join(shellRoot, 'assets'), { recursive: true });
  mkdirSync(join(remoteRoot, 'assets'), { recursive: true });
  writeFileSync(join(shellRoot, 'index.html'), indexHtml);
  // As the builds write them: the remote and screens of each first path segment, each screen's files.
  writeFileSync(
    join(shellRoot, 'remote-routes.json'),
    JSON.stringify({
      admin: { remote: 'mfe_admin', screens: ['admin-dashboard'] },
      'tenant-details': { remote: 'mfe_admin', screens: ['tenant-details'] },
      'admin-portal': { remote: 'mfe_admin', screens: ['admin-portal'] },
    }),
  );
  writeFileSync(
    join(shellRoot, 'shell-chunks.json'),
    JSON.stringify({ catalog: ['assets/catalog-page-4.js'], admin: ['assets/navigation-bar-5.js'] }),
  );
  writeFileSync(
    join(remoteRoot, 'screen-chunks.json'),
    JSON.stringify({
      'admin-dashboard': ['assets/common-1.js', 'assets/dashboard-2.js', 'remoteEntry.js'],
      'tenant-details': ['assets/common-1.js', 'assets/tenant-3.js', 'remoteEntry.js'],
    }),
  );
  writeFileSync(join(shellRoot, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(join(shellRoot, 'assets', 'vendor-aaa111.js'), vendor('plain'));
  writeFileSync(join(shellRoot, 'assets', 'vendor-aaa111.js.br'), brotliCompressSync(vendor('brotli')));
  writeFileSync(join(shellRoot, 'assets', 'vendor-aaa111.js.gz'), gzipSync(vendor('gzip')));
  writeFileSync(join(remoteRoot, 'remoteEntry.js'), 'export const entry = 1;');
  writeFileSync(join(remoteRoot, 'assets', 'routes-def456.js'), 'export const screens = {};');
  app = await buildGateway({
    config: testConfig({ WEB_ROOT: shellRoot, WEB_REMOTES: [{ name: 'mfe-admin', root: remoteRoot }] }),
    authenticate: headerAuthenticator,
  });
});

afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the built front end', () => {
  it('answers a client route with index.html, revalidated on every use', async () => {
    for (const url of ['/', '/catalog', '/tenant-details/42?x=1', '/no/such/page']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toMatch(
        /^<!doctype html><html><head><title>App<\/title>.*<\/head><body><div id="root"><\/div><\/body><\/html>$/,
      );
    }
  });

  it("carries the remotes' configuration, a preload of the current user and the route's screen code", async () => {
    const head = async (url: string) => {
      const body = (await app.inject({ url, headers: html })).body;
      return body.slice(body.indexOf('<head>'), body.indexOf('</head>'));
    };
    const config = JSON.stringify({
      remotes: [{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }],
    });
    const escaped = config.replaceAll('"', '&quot;');
    const userPreload = '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials">';
    const modulepreloads = async (url: string) =>
      [...(await head(url)).matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
    for (const url of ['/admin', '/tenant-details/42', '/admin-portal']) {
      expect(await head(url), url).toContain(`<meta name="remotes-config" content="${escaped}">`);
      expect(await head(url), url).toContain(userPreload);
    }
    expect(await modulepreloads('/admin')).toEqual([
      '/assets/navigation-bar-5.js',
      '/remotes/mfe-admin/remoteEntry.js',
      '/remotes/mfe-admin/assets/common-1.js',
      '/remotes/mfe-admin/assets/dashboard-2.js',
    ]);
    expect(await modulepreloads('/tenant-details/42')).toEqual([
      '/remotes/mfe-admin/remoteEntry.js',
      '/remotes/mfe-admin/assets/common-1.js',
      '/remotes/mfe-admin/assets/tenant-3.js',
    ]);
    // A screen the remote's build does not list: its entry alone.
    expect(await modulepreloads('/admin-portal')).toEqual(['/remotes/mfe-admin/remoteEntry.js']);
    // The shell's own lazily loaded page, no remote.
    expect(await modulepreloads('/catalog')).toEqual(['/assets/catalog-page-4.js']);
    for (const url of ['/', '/administrator', '/no/such/page']) {
      expect(await head(url), url).toContain(userPreload);
      expect(await head(url), url).not.toContain('modulepreload');
    }
  });

  it('answers a revalidation of an unchanged page with a 304', async () => {
    const first = await app.inject({ url: '/admin', headers: html });
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/admin', headers: { ...html, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherPage = await app.inject({ url: '/catalog', headers: { ...html, 'if-none-match': etag } });
    expect(otherPage.statusCode).toBe(200);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(bundle);
  });

  it("sends the build's precompressed copy as it is: brotli, else gzip, else the file", async () => {
    const asking = (encodings: string) =>
      app.inject({ url: '/assets/vendor-aaa111.js', headers: { 'accept-encoding': encodings } });
    const brotli = await asking('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(vendor('brotli'));
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await asking('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(vendor('gzip'));

    const plain = await asking('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(vendor('plain'));
  });

  it('answers a real 404 for a missing asset, even to a browser asking for HTML', async () => {
    expect((await app.inject({ url: '/assets/missing-000.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/missing-000.js', headers: html })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/mfe-admin/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/mfe-other/remoteEntry.js' })).statusCode).toBe(404);
  });

  it('serves each remote under its name, its entry revalidated and its hashed chunks immutable', async () => {
    const entry = await app.inject({ url: '/remotes/mfe-admin/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ url: '/remotes/mfe-admin/assets/routes-def456.js' });
    expect(chunk.body).toBe('export const screens = {};');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('tells the shell at run time where its remotes are', async () => {
    const response = await app.inject({ url: '/remotes.json' });
    expect(response.json()).toEqual({
      remotes: [{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }],
    });
  });

  it('refuses paths that climb out of the build folder', async () => {
    const response = await app.inject({ url: '/assets/..%2f..%2fmfe-admin%2fremoteEntry.js' });
    // @fastify/static's answer to a path outside its root.
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('export const entry');
  });

  it('leaves /api to the proxy: an unknown API path is still a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing-here', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
