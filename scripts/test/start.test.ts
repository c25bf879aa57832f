import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats } from '@app/eventing';
import { createTestDatabase, uniquePrefix, type TestDatabase } from '@app/test-support';

/**
 * `npm start` as a user runs it (README "Two commands"), on the URLs this test run uses instead of the embedded
 * Postgres and NATS: it builds, seeds, serves the demo catalogue through the gateway, signs the demo admin in,
 * and stops every process on Ctrl-C.
 */
const run = promisify(execFile);
const prefix = uniquePrefix('s');
let database: TestDatabase;
let launcher: ChildProcess;
let output = '';
let gatewayPort: number;
let servicesPort: number;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function portOpen(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/health/live`).then(
    () => true,
    () => false,
  );
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'));
  await run('npm', ['run', 'build'], { cwd: process.cwd() });
  gatewayPort = await freePort();
  servicesPort = await freePort();
  launcher = spawn(process.execPath, ['dist/start.cjs'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      NATS_URL: inject('natsUrl'),
      NATS_PREFIX: prefix,
      PORT: String(gatewayPort),
      SERVICES_BASE_PORT: String(servicesPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('The platform is running at')) {
    if (launcher.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) launcher.kill('SIGKILL');
  const nats = await connectNats({ url: inject('natsUrl'), name: 'start-test' });
  const jsm = await jetstreamManager(nats);
  for (const stream of ['CATALOG', 'IDENTITY'])
    await jsm.streams.delete(`${prefix}_${stream}`).catch(() => undefined);
  await nats.close();
  await database?.drop();
});

describe('npm start', () => {
  it('prints the URL and serves the seeded catalogue through the gateway', async () => {
    expect(output).toContain(`http://localhost:${gatewayPort}`);
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
    expect((await fetch(`http://127.0.0.1:${gatewayPort}/api/auth/user`)).status).toBe(401);
  });

  it('stops the gateway and every service on Ctrl-C, and exits cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await portOpen(gatewayPort)).toBe(false);
    expect(await portOpen(servicesPort)).toBe(false);
    expect(await portOpen(servicesPort + 1)).toBe(false);
  });
});
