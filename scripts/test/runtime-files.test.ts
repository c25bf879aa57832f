import { randomBytes } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAccounts, demoMetricsKeys } from '@app/demo-fixtures';
import { createTestDatabase, freePort, uniquePrefix, type TestDatabase } from '@app/test-support';
import { waitForReady } from '../launcher/wait.js';
import { withBuildLock } from './support/build-lock.js';
import { buildOncePerRun } from './support/build-once.js';
import { deleteStreams } from './support/platform.js';

/**
 * Each container image holds only what scripts/assemble-runtime.mjs traced for its deployable (Dockerfile). With
 * no Docker engine here, this starts every deployable from its own assembled folder, with nothing else on the
 * disk path it resolves from, so a dependency the trace misses fails here rather than in a cluster. It runs them
 * halfway through a rotation of the internal signing secret (docs/operations.md): the gateway already signs with
 * the next secret, the services still sign with the current one and accept both.
 */
const run = promisify(execFile);
const root = process.cwd();
const services = [
  'catalog',
  'identity',
  'tenancy',
  'billing',
  'monitoring',
  'notifications',
  'audit',
] as const;
const deployables = [...services, 'gateway', 'demo-tenant-app'] as const;
type Deployable = (typeof deployables)[number];
const folderOf: Record<Deployable, string> = {
  ...(Object.fromEntries(services.map((name) => [name, `services/${name}`])) as Record<
    (typeof services)[number],
    string
  >),
  gateway: 'gateway',
  'demo-tenant-app': 'demo/tenant-app',
};

let assembled: string;
let database: TestDatabase;
const prefix = uniquePrefix('img');
const ports = {} as Record<Deployable, number>;
const processes: Array<{ name: Deployable; child: ChildProcess; output: () => string }> = [];
let environment: NodeJS.ProcessEnv;
const currentSecret = randomBytes(32).toString('base64');
const nextSecret = randomBytes(32).toString('base64');

const url = (name: Deployable, path: string) => `http://127.0.0.1:${ports[name]}${path}`;
/** Where a deployable's process runs: its own folder inside its own assembled tree. */
const workdir = (name: Deployable) => join(assembled, name, folderOf[name]);

function start(name: Deployable, extra: NodeJS.ProcessEnv = {}): void {
  let output = '';
  const child = spawn(process.execPath, ['dist/server.cjs'], {
    cwd: workdir(name),
    env: { ...environment, PORT: String(ports[name]), ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  processes.push({ name, child, output: () => output });
}

/** Resolves once the deployable answers 2xx on `path`; otherwise fails with what the process printed. */
async function ready(name: Deployable, path = '/health/ready'): Promise<void> {
  try {
    await waitForReady(url(name, path), 30_000);
  } catch (error) {
    const output = processes.find((process) => process.name === name)?.output() ?? '';
    throw new Error(`${(error as Error).message}\n${output.slice(-3000)}`);
  }
}

beforeAll(async () => {
  assembled = mkdtempSync(join(tmpdir(), 'runtime-files-'));
  // Under the build lock: the browser tests' builds empty every dist/ while this one copies from them.
  await withBuildLock(root, async () => {
    await buildOncePerRun(root);
    for (const name of deployables) {
      await run(process.execPath, ['scripts/assemble-runtime.mjs', name, join(assembled, name)], {
        cwd: root,
      });
    }
  });
  database = await createTestDatabase(inject('databaseUrl'));
  for (const name of deployables) ports[name] = await freePort();
  environment = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    NATS_URL: inject('natsUrl'),
    NATS_PREFIX: prefix,
    INTERNAL_TOKEN_SECRET: currentSecret,
    INTERNAL_TOKEN_SECRETS_ACCEPTED: nextSecret,
    SECRETS_KEYS: `test:${randomBytes(32).toString('base64')}`,
    // Notifications' mail goes to a port nothing listens on: readiness does not depend on the relay.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    ...Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, url(name, '')])),
    GATEWAY_URL: url('gateway', ''),
    PUBLIC_URL: url('gateway', ''),
  };
  for (const name of services) start(name);
  start('demo-tenant-app', { DEMO_METRICS_KEYS: demoMetricsKeys.join(',') });
  start('gateway', {
    INTERNAL_TOKEN_SECRET: nextSecret,
    WEB_ROOT: join(assembled, 'gateway', 'shell', 'dist'),
    WEB_REMOTES: ['mfe-customer', 'mfe-admin']
      .map((remote) => `${remote}=${join(assembled, 'gateway', remote, 'dist')}`)
      .join(','),
  });
}, 240_000);

afterAll(async () => {
  await Promise.all(
    processes.map(({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }),
  );
  await deleteStreams(inject('natsUrl'), prefix).catch(() => undefined);
  await database?.drop();
  if (assembled) rmSync(assembled, { recursive: true, force: true });
}, 60_000);

describe('the file set of each image', () => {
  it.each(services)(
    'starts %s from its own files alone, ready on Postgres, NATS and its event store if it has one',
    async (name) => {
      await expect(ready(name)).resolves.toBeUndefined();
    },
  );

  it('starts the demo tenant app from its own files alone', async () => {
    await expect(ready('demo-tenant-app', '/health')).resolves.toBeUndefined();
  });

  it("runs identity's seed, hashing with its native argon2 build, from identity's files alone", async () => {
    await ready('identity');
    const seed = await run(process.execPath, ['dist/seed.cjs'], {
      cwd: workdir('identity'),
      env: environment,
    });
    expect(seed.stdout).toMatch(/demo users: \d+ created/);
  });

  it("runs tenancy's secrets reseal from tenancy's files alone", async () => {
    await ready('tenancy');
    const reseal = await run(process.execPath, ['dist/reseal.cjs'], {
      cwd: workdir('tenancy'),
      env: environment,
    });
    expect(reseal.stdout).toMatch(/^resealed under key "test": provider passwords of \d+ of \d+ tenants/);
  });

  it("runs notifications' webhook secrets reseal from notifications' files alone", async () => {
    await ready('notifications');
    const reseal = await run(process.execPath, ['dist/reseal.cjs'], {
      cwd: workdir('notifications'),
      env: environment,
    });
    expect(reseal.stdout).toMatch(
      /^resealed under key "test": the signing secrets of \d+ of \d+ webhook endpoints/,
    );
  });

  it('serves the front end, the API documentation and the services from the gateway files alone', async () => {
    await expect(ready('gateway')).resolves.toBeUndefined();
    const page = await fetch(url('gateway', '/'));
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const path of ['/remotes/mfe-admin/remoteEntry.js', '/api/docs/static/swagger-ui-bundle.js']) {
      expect((await fetch(url('gateway', path))).status, path).toBe(200);
    }
    const products = await fetch(url('gateway', '/api/products'));
    expect(products.status).toBe(200);
    expect(Array.isArray(await products.json())).toBe(true);
  });

  it('signs an admin in through a gateway signing with the next secret, which the services accept', async () => {
    await ready('gateway');
    await run(process.execPath, ['dist/seed.cjs'], { cwd: workdir('identity'), env: environment });
    const admin = demoAccounts.find((account) => account.role === 'admin')!;
    const signIn = await fetch(url('gateway', '/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: admin.email, password: admin.demoPassword }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    // The session is resolved with a key derived from the next secret, the request signed with it.
    const users = await fetch(url('gateway', '/api/admin/users'), { headers: { cookie } });
    expect(users.status).toBe(200);
    expect(((await users.json()) as Array<{ email: string }>).map((user) => user.email)).toContain(
      admin.email,
    );
  });

  it("draws a PDF in PDFKit's standard fonts from billing's files alone, as its invoice PDFs are", async () => {
    // PDFKit loads the fonts' metrics with a require() the trace cannot follow; assemble-runtime adds them.
    const probe = [
      "const PDFDocument = require('pdfkit');",
      'const pdf = new PDFDocument();',
      "pdf.font('Helvetica').text('INV-000001').font('Helvetica-Bold').text('Paid');",
      'pdf.end();',
      "console.log('drawn');",
    ].join(' ');
    const drawn = await run(process.execPath, ['-e', probe], { cwd: workdir('billing'), env: environment });
    expect(drawn.stdout.trim()).toBe('drawn');
  });

  it("leaves out what a deployable never loads: the front end's packages and the tests' tools", () => {
    const modules = (name: Deployable) => join(assembled, name, 'node_modules');
    for (const name of services) {
      for (const unused of ['react-dom', 'lucide-react', 'testcontainers', 'vitest', 'pdf-parse', 'stripe']) {
        if (name === 'billing' && unused === 'stripe') continue;
        // Identity renders its sign-in pages, notifications its mails (React Email), with react-dom/server.
        if ((name === 'identity' || name === 'notifications') && unused === 'react-dom') continue;
        expect(existsSync(join(modules(name), unused)), `${name} carries ${unused}`).toBe(false);
      }
    }
    expect(existsSync(join(modules('billing'), 'stripe'))).toBe(true);
    expect(existsSync(join(modules('identity'), 'react-dom'))).toBe(true);
    expect(existsSync(join(modules('notifications'), 'react-dom'))).toBe(true);
    expect(existsSync(join(modules('gateway'), 'react-dom'))).toBe(false);
  });
});
