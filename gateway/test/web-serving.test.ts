import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '@app/service-kit';
import { buildGateway } from '../src/app.js';
import { headerAuthenticator, testConfig } from './support.js';

/** A built shell and one remote on disk, as `npm run build` leaves them. */
const folder = mkdtempSync(join(tmpdir(), 'gateway-web-'));
const shellRoot = join(folder, 'shell');
const remoteRoot = join(folder, 'mfe-admin');
const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
const bundle = `export const app = "${'shell code '.repeat(200)}";`;

let app: ServiceApp;

beforeAll(async () => {
  mkdirSync(join(shellRoot, 'assets'), { recursive: true });
  mkdirSync(join(remoteRoot, 'assets'), { recursive: true });
  writeFileSync(join(shellRoot, 'index.html'), indexHtml);
  writeFileSync(join(shellRoot, 'assets', 'index-abc123.js'), bundle);
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
  it('answers a client route with index.html, never cached', async () => {
    for (const url of ['/', '/catalog', '/tenant-details/42?x=1', '/no/such/page']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    }
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
