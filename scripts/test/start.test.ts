import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTenantIds } from '@app/demo-fixtures';
import { portOpen, startPlatform, type Platform } from './support/platform.js';
import { sessionCookie } from './support/session-cookie.js';
import { alive, descendants, type ProcessEntry } from './support/process-tree.js';

/**
 * `npm start` as a newcomer runs it (README "Two commands"): a first start on embedded Postgres and a local
 * nats-server in a fresh data folder, through npm in a process group of its own as a terminal runs it. It builds,
 * seeds, serves the demo catalogue through the gateway, signs the demo admin in, and stops every process in
 * order on Ctrl-C, having printed no error, warning or stack trace.
 */
let platform: Platform;
let gatewayPort: number;
let servicesPort: number;

beforeAll(async () => {
  platform = await startPlatform({ embedded: true, via: 'npm', readyTimeoutMs: 240_000 });
  ({ gatewayPort, servicesPort } = platform);
}, 360_000);

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

  it("takes a demo customer's card payment: an active subscription, a paid invoice, a higher totalSpent", async () => {
    const base = `http://127.0.0.1:${gatewayPort}`;
    const admin = await sessionCookie(base, 'admin@demo.local', 'demo-admin-password-2026');
    const casey = await sessionCookie(base, 'casey@demo.local', 'demo-customer-password-2026');
    const spentBefore = await caseyTotalSpent(admin);
    const products = (await (await fetch(`${base}/api/products`)).json()) as Array<{
      id: string;
      slug: string;
      basePrice: number;
    }>;
    const product = products.find((candidate) => candidate.slug === 'risk-scoring-engine');
    if (!product) throw new Error('the demo catalogue has no risk-scoring-engine');
    const json = { cookie: casey, origin: base, 'content-type': 'application/json' };
    const intent = await fetch(`${base}/api/create-payment-intent`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: product.basePrice, productId: product.id }),
    });
    expect(intent.status).toBe(200);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
    const confirmed = await fetch(`${base}/api/billing/sandbox/confirm`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ clientSecret, card }),
    });
    expect(confirmed.status).toBe(200);

    const subscription = await eventually(async () => {
      const list = (await (
        await fetch(`${base}/api/subscriptions`, { headers: { cookie: casey } })
      ).json()) as Array<{ productId: string; status: string; amount: number }>;
      return list.find((item) => item.productId === product.id && item.status === 'active');
    });
    expect(subscription).toMatchObject({ amount: product.basePrice });
    const invoices = (await (
      await fetch(`${base}/api/invoices`, { headers: { cookie: casey } })
    ).json()) as Array<{
      amount: number;
      status: string;
      productId: string;
    }>;
    expect(invoices[0]).toMatchObject({ amount: product.basePrice, status: 'paid', productId: product.id });
    // Casey owns one tenant: its totalSpent settles at the sum of her paid invoices, this one included (the
    // seed's invoices may still be on their way too, so the figure before is only a lower bound).
    const paidCents = invoices
      .filter((invoice) => invoice.status === 'paid')
      .reduce((sum, invoice) => sum + Math.round(invoice.amount * 100), 0);
    const spentAfter = await eventually(async () => {
      const spent = await caseyTotalSpent(admin);
      return Math.round(spent * 100) === paidCents ? spent : undefined;
    });
    expect(spentAfter).toBeGreaterThanOrEqual(spentBefore + product.basePrice);
  });

  it("delivers the demo tenant's events, signed, to the demo tenant app, whose page lists them verified", async () => {
    const page = `http://127.0.0.1:${platform.demoAppPort}/webhooks`;
    expect(platform.output()).toContain(
      `webhooks the demo tenant app received: ${page} (endpoint registered`,
    );
    // The payment above is Casey Studio's: its new subscription and paid invoice reach the demo tenant's endpoint.
    const html = await eventually(async () => {
      const body = await (await fetch(page)).text();
      return /<td[^>]*>verified<\/td><td[^>]*>(billing|tenancy)\.[a-z.-]+\.v1<\/td>/.test(body)
        ? body
        : undefined;
    });
    expect(html).not.toContain('>refused<');
  });

  it("serves a demo tenant app's live metrics and every component's health to the admin", async () => {
    const base = `http://127.0.0.1:${gatewayPort}`;
    const admin = await sessionCookie(base, 'admin@demo.local', 'demo-admin-password-2026');
    const metrics = await fetch(`${base}/api/tenant-metrics/${demoTenantIds.caseyStudio}`, {
      headers: { cookie: admin },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.json()).toMatchObject({
      system_health: { status: expect.any(String), uptime_seconds: expect.any(Number) },
      fetchedAt: expect.any(String),
    });
    const health = await eventually(async () => {
      const response = await fetch(`${base}/api/admin/health`, { headers: { cookie: admin } });
      const entries = (await response.json()) as Array<{ name: string; status: string }>;
      return entries.every((entry) => entry.status === 'operational') ? entries : undefined;
    });
    expect(health.length).toBeGreaterThanOrEqual(6);
  });

  it('stops everything in order on Ctrl-C to its process group, leaving no process and printing no error', async () => {
    const tree = await descendants(platform.launcher.pid as number);
    // Not npm's `sh -c "node scripts/build-changed.mjs && node dist/start.cjs"`: the node it runs.
    const launcher = tree.find((entry) => /^\S*node dist\/start\.cjs$/.test(entry.args));
    if (!launcher) throw new Error(`no launcher under npm: ${JSON.stringify(tree)}`);
    const children = tree.filter((entry) => entry.ppid === launcher.pid);
    const stopOrder = [
      'gateway',
      'audit',
      'notifications',
      'monitoring',
      'billing',
      'tenancy',
      'identity',
      'catalog',
      'maildev',
      'demo-tenant-app',
      'nats-server',
      'postgres',
    ];
    expect(children.map(childName).sort()).toEqual([...stopOrder].sort());

    const goneAt = watchExits(tree);
    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group (npm, its sh, node).
    process.kill(-(platform.launcher.pid as number), 'SIGINT');
    await platform.exited;
    const npmGoneAt = Date.now();
    const everyoneGone = await goneAt;

    expect(tree.filter((entry) => alive(entry.pid))).toEqual([]);
    const stoppedAt = (name: string) =>
      everyoneGone.get(children.find((child) => childName(child) === name)?.pid ?? -1) ?? Infinity;
    for (const [index, name] of stopOrder.slice(1).entries()) {
      expect(stoppedAt(name), `${name} stopped after ${stopOrder[index]}`).toBeGreaterThanOrEqual(
        stoppedAt(stopOrder[index] as string),
      );
    }
    // npm waited for the launcher to finish its sequence instead of ending it halfway.
    expect(everyoneGone.get(launcher.pid)).toBeLessThanOrEqual(npmGoneAt);
    expect(platform.output()).toMatch(/Stopped\.\s*$/);
    for (const port of [gatewayPort, ...[0, 1, 2, 3, 4].map((offset) => servicesPort + offset)]) {
      expect(await portOpen(port)).toBe(false);
    }

    // Everything from the launcher's first line on, at the default LOG_LEVEL (before it: npm's build), except
    // the request logs of this file's own requests: service-kit logs a 401 at warn, as possible probing.
    const output = platform.output();
    const launched = output.slice(output.indexOf('Postgres embedded in'));
    const complaints = launched
      .split('\n')
      .filter((line) => !line.includes('"requestId":'))
      .filter((line) => /error|warn|fatal|exception|^\s+at\s/i.test(line));
    expect(complaints).toEqual([]);
    expect(output).not.toMatch(/^npm (error|warn|ERR!)/im);
  });
});

/** The launcher's children by what they run: a service, the gateway, the demo app, nats-server or Postgres. */
function childName(entry: ProcessEntry): string {
  const bundle = /(?:services\/([a-z-]+)|(gateway)|demo\/(tenant-app))\/dist\/server\.cjs/.exec(entry.args);
  if (bundle) return bundle[1] ?? bundle[2] ?? `demo-${bundle[3] ?? ''}`;
  if (/\bnats-server\b/.test(entry.args)) return 'nats-server';
  if (/\bmaildev\b/.test(entry.args)) return 'maildev';
  if (/\/postgres\s/.test(entry.args)) return 'postgres';
  return entry.args;
}

/** When each process was first seen gone, polled every few ms until all are (at most 60 s). */
async function watchExits(processes: ProcessEntry[]): Promise<Map<number, number>> {
  const goneAt = new Map<number, number>();
  const deadline = Date.now() + 60_000;
  while (goneAt.size < processes.length && Date.now() < deadline) {
    for (const entry of processes) {
      if (!goneAt.has(entry.pid) && !alive(entry.pid)) goneAt.set(entry.pid, Date.now());
    }
    await delay(2);
  }
  return goneAt;
}

async function caseyTotalSpent(adminCookie: string): Promise<number> {
  const response = await fetch(
    `http://127.0.0.1:${gatewayPort}/api/admin/tenants/${demoTenantIds.caseyStudio}`,
    {
      headers: { cookie: adminCookie },
    },
  );
  return ((await response.json()) as { totalSpent: number }).totalSpent;
}

/** What `read` gives once it gives something, within 15 s (events cross NATS between services). */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
