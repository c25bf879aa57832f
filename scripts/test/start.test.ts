import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { portOpen, startPlatform, type Platform } from './support/platform.js';

/**
 * `npm start` as a user runs it (README "Two commands"), on the URLs this test run uses instead of the embedded
 * Postgres and NATS: it builds, seeds, serves the demo catalogue through the gateway, signs the demo admin in,
 * and stops every process on Ctrl-C.
 */
let platform: Platform;
let gatewayPort: number;
let servicesPort: number;

beforeAll(async () => {
  platform = await startPlatform({
    serverUrl: inject('databaseUrl'),
    natsUrl: inject('natsUrl'),
    label: 's',
  });
  ({ gatewayPort, servicesPort } = platform);
}, 120_000);

afterAll(async () => {
  await platform?.dispose();
});

describe('npm start', () => {
  it('prints the URL and serves the seeded catalogue through the gateway', async () => {
    expect(platform.output()).toContain(`http://localhost:${gatewayPort}`);
    const response = await fetch(`http://127.0.0.1:${gatewayPort}/api/products`);
    expect(response.status).toBe(200);
    const products = (await response.json()) as Array<{ slug: string; isActive: boolean }>;
    expect(products.map((product) => product.slug)).toEqual(
      expect.arrayContaining([
        'insight-analytics',
        'open-banking-connect',
        'identity-verify',
        'risk-scoring-engine',
      ]),
    );
    expect(products.every((product) => product.isActive)).toBe(true);
  });

  it('signs the demo admin in through the gateway, who then lists the users', async () => {
    const signIn = await fetch(`http://127.0.0.1:${gatewayPort}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'admin@demo.local',
        password: 'demo-admin-password-2026',
        returnTo: '/admin',
      }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/admin');
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^sid=./);

    const me = await fetch(`http://127.0.0.1:${gatewayPort}/api/auth/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'admin@demo.local', role: 'admin' });
    const users = await fetch(`http://127.0.0.1:${gatewayPort}/api/admin/users`, { headers: { cookie } });
    expect(((await users.json()) as unknown[]).length).toBe(3);
    const tenants = await fetch(`http://127.0.0.1:${gatewayPort}/api/admin/tenants`, { headers: { cookie } });
    expect(((await tenants.json()) as unknown[]).length).toBe(3);
    expect((await fetch(`http://127.0.0.1:${gatewayPort}/api/auth/user`)).status).toBe(401);
  });

  it('stops the gateway and every service on Ctrl-C, and exits cleanly', async () => {
    const { launcher } = platform;
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await portOpen(gatewayPort)).toBe(false);
    expect(await portOpen(servicesPort)).toBe(false);
    expect(await portOpen(servicesPort + 1)).toBe(false);
    expect(await portOpen(servicesPort + 2)).toBe(false);
  });
});
