import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { buildDemoApp } from '../src/app.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
let registered: string | null = secret;
let app: Awaited<ReturnType<typeof buildDemoApp>>;

beforeAll(async () => {
  app = await buildDemoApp({ keys: ['key-one'], seed: 'demo', webhookSecret: async () => registered });
});
afterAll(async () => {
  await app?.close();
});

/** A delivery as notifications sends it: the exact JSON bytes and the three Standard Webhooks headers. */
function signed(options: { with?: string; at?: Date; type?: string; id?: string } = {}) {
  const id = options.id ?? randomUUID();
  const at = options.at ?? new Date();
  const payload = JSON.stringify({
    id,
    type: options.type ?? 'billing.invoice.paid.v1',
    occurredAt: at.toISOString(),
    data: { invoiceId: randomUUID() },
  });
  return {
    id,
    payload,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(options.with ?? secret).sign(id, at, payload),
    },
  };
}

function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return app.inject({
    method: 'POST',
    url: '/webhooks',
    headers: delivery.headers,
    payload: delivery.payload,
  });
}

async function page(): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/webhooks' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
}

describe('the demo tenant app’s webhook receiver', () => {
  it('accepts a delivery signed with its secret (204) and lists it as verified, with its type and id', async () => {
    const delivery = signed({ type: 'tenancy.subscription.started.v1' });
    expect((await deliver(delivery)).statusCode).toBe(204);
    const html = await page();
    expect(html).toContain(delivery.id);
    expect(html).toContain('tenancy.subscription.started.v1');
    expect(html).toMatch(new RegExp(`>verified<.*?${delivery.id}`, 's'));
  });

  it('accepts a rotation’s message signed with both secrets, the new one its own', async () => {
    const delivery = signed();
    const both = `${new Webhook(otherSecret).sign(delivery.id, new Date(), delivery.payload)} ${delivery.headers['webhook-signature']}`;
    expect(
      (await deliver({ ...delivery, headers: { ...delivery.headers, 'webhook-signature': both } }))
        .statusCode,
    ).toBe(204);
  });

  it('refuses (401) a wrong secret, a changed body, a missing signature and an old timestamp', async () => {
    const wrong = signed({ with: otherSecret });
    const changed = signed();
    const unsigned = signed();
    const old = signed({ at: new Date(Date.now() - 10 * 60 * 1000) });
    const cases = [
      wrong,
      { ...changed, payload: changed.payload.replace('"data"', '"data" ') },
      { ...unsigned, headers: { ...unsigned.headers, 'webhook-signature': '' } },
      old,
    ];
    for (const delivery of cases) {
      const response = await deliver(delivery);
      expect(response.statusCode).toBe(401);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
    const html = await page();
    for (const delivery of [wrong, changed, unsigned, old]) {
      expect(html).toMatch(new RegExp(`>refused<.*?${delivery.id}`, 's'));
    }
    expect(html).toContain('Message timestamp too old');
  });

  it('marks a second verified delivery of the same id as a repeat (a retry or a Redeliver)', async () => {
    const delivery = signed();
    expect((await deliver(delivery)).statusCode).toBe(204);
    expect((await deliver(delivery)).statusCode).toBe(204);
    expect(await page()).toMatch(new RegExp(`verified \\(repeat\\).*?${delivery.id}`, 's'));
  });

  it('refuses every delivery while no secret is registered, and says so', async () => {
    registered = null;
    try {
      const delivery = signed();
      const response = await deliver(delivery);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'No signing secret is registered yet' });
      expect(await page()).toContain('No signing secret is registered yet: deliveries are refused.');
    } finally {
      registered = secret;
    }
  });

  it('escapes what a delivery brings onto the page', async () => {
    const hostile = signed({ type: '<script>alert(1)</script>' });
    await deliver(hostile);
    const html = await page();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
