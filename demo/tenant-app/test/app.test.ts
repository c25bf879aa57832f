import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp } from '../src/app.js';
import { loadDemoConfig } from '../src/config.js';

let app: Awaited<ReturnType<typeof buildDemoApp>>;
let clock = new Date('2026-04-05T10:00:00Z');

beforeAll(async () => {
  app = await buildDemoApp({
    keys: ['key-one', 'key-two'],
    seed: 'demo',
    now: () => clock,
    startedAt: new Date('2026-04-05T09:00:00Z'),
  });
});
afterAll(async () => {
  await app?.close();
});

const metrics = (authorization?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('the demo tenant app', () => {
  it('serves the metrics document to a caller with a configured key', async () => {
    const response = await metrics('Bearer key-one');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ system_health: { uptime_seconds: 3_600 } });
  });

  it('refuses a missing, wrong or differently-schemed key', async () => {
    for (const header of [undefined, 'Bearer key-three', 'Basic key-one', 'Bearer key-one ', 'key-one']) {
      const response = await metrics(header);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('shows each key its own app, and the document moves with the clock', async () => {
    const one = (await metrics('Bearer key-one')).json();
    const two = (await metrics('Bearer key-two')).json();
    expect(one.product_info).not.toEqual(two.product_info);
    clock = new Date('2026-04-05T10:05:00Z');
    const later = (await metrics('Bearer key-one')).json();
    expect(later.system_health.uptime_seconds).toBe(3_900);
    expect(later.product_info).toEqual(one.product_info);
  });
});

describe('loadDemoConfig', () => {
  it('reads the keys and defaults, and never echoes a value', () => {
    expect(loadDemoConfig({ DEMO_METRICS_KEYS: ' a, b ,' })).toMatchObject({
      PORT: 4100,
      HOST: '127.0.0.1',
      DEMO_METRICS_KEYS: ['a', 'b'],
      DEMO_SEED: 'demo',
    });
    expect(() => loadDemoConfig({})).toThrow(/DEMO_METRICS_KEYS/);
    expect(() => loadDemoConfig({ DEMO_METRICS_KEYS: ',', PORT: 'secret-ish' })).toThrow(/PORT/);
    expect(() => loadDemoConfig({ DEMO_METRICS_KEYS: ',', PORT: 'secret-ish' })).not.toThrow(/secret-ish/);
  });
});
