import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/index.js';
import { logCapture, testService } from './support.js';

const secrets = {
  password: 'p1',
  newPassword: 'p2',
  providerPassword: 'p3',
  metricsApiKey: 'k1',
  apiKey: 'k2',
  token: 't1',
  accessToken: 't2',
  secret: 's1',
  clientSecret: 's2',
  cookie: 'c1',
};

describe('log redaction', () => {
  it('censors secret fields at the top level and nested', () => {
    const logs = logCapture();
    const logger = createLogger({ stream: logs.stream });

    logger.info(
      { ...secrets, user: { email: 'a@example.test', ...secrets }, tenant: { provider: { ...secrets } } },
      'saved',
    );

    const line = logs.lines[0] ?? {};
    const text = JSON.stringify(line);
    for (const value of Object.values(secrets)) expect(text).not.toContain(`"${value}"`);
    expect(line).toMatchObject({ password: '[Redacted]', metricsApiKey: '[Redacted]' });
    expect(line.user).toMatchObject({
      email: 'a@example.test',
      providerPassword: '[Redacted]',
      cookie: '[Redacted]',
    });
    expect(line.tenant).toEqual({
      provider: Object.fromEntries(Object.keys(secrets).map((key) => [key, '[Redacted]'])),
    });
  });

  it('censors any *Password, *Token, *Secret or API key field, however deep', () => {
    const logs = logCapture();
    const logger = createLogger({ stream: logs.stream });

    logger.info(
      {
        a: {
          b: {
            c: { d: { tenantDbPassword: 'p9', csrfToken: 't9', stripeWebhookSecret: 's9', keep: 'visible' } },
          },
        },
      },
      'deep',
    );
    logger.info({ items: [{ name: 'x', privateKey: 'k9' }] }, 'in arrays');

    expect(logs.lines[0]).toMatchObject({
      a: {
        b: {
          c: {
            d: {
              tenantDbPassword: '[Redacted]',
              csrfToken: '[Redacted]',
              stripeWebhookSecret: '[Redacted]',
              keep: 'visible',
            },
          },
        },
      },
    });
    expect(logs.lines[1]).toMatchObject({ items: [{ name: 'x', privateKey: '[Redacted]' }] });
  });

  it("censors secrets an error carries and drops the pg client pg-pool hangs on a lost connection's error", () => {
    const logs = logCapture();
    const logger = createLogger({ stream: logs.stream });
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: 'ECONNRESET',
      client: { connectionParameters: { user: 'catalog', password: 'hunter2' }, password: 'hunter2' },
      config: { database: 'platform', password: 'hunter2' },
    });

    logger.warn({ err: lost }, 'idle Postgres connection lost');

    const line = logs.lines[0] ?? {};
    expect(JSON.stringify(line)).not.toContain('hunter2');
    expect(line.err).toMatchObject({
      message: 'Connection terminated unexpectedly',
      code: 'ECONNRESET',
      config: { database: 'platform', password: '[Redacted]' },
    });
    expect(line.err).not.toHaveProperty('client');
  });

  it('leaves the logged object itself untouched', () => {
    const logger = createLogger({ stream: logCapture().stream });
    const payload = { user: { password: 'p1' } };

    logger.info(payload, 'saved');

    expect(payload.user.password).toBe('p1');
  });

  it('censors secret headers that a serializer produces', () => {
    const logs = logCapture();
    class RawRequest {
      headers = { authorization: 'Bearer abc', 'x-identity-token': 'jwt', accept: 'application/json' };
    }
    const logger = createLogger({
      stream: logs.stream,
      serializers: { req: (request: RawRequest) => ({ headers: { ...request.headers } }) },
    });

    logger.info({ req: new RawRequest() }, 'incoming');

    expect(logs.lines[0]).toMatchObject({
      req: {
        headers: {
          authorization: '[Redacted]',
          'x-identity-token': '[Redacted]',
          accept: 'application/json',
        },
      },
    });
  });

  it('censors identity, cookie and authorization headers', () => {
    const logs = logCapture();
    const logger = createLogger({ stream: logs.stream });

    logger.info(
      {
        req: {
          headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-identity-token': 'jwt', host: 'svc' },
        },
        res: { headers: { 'set-cookie': ['sid=2'] } },
      },
      'request',
    );

    expect(logs.lines[0]).toMatchObject({
      req: {
        headers: {
          authorization: '[Redacted]',
          cookie: '[Redacted]',
          'x-identity-token': '[Redacted]',
          host: 'svc',
        },
      },
      res: { headers: { 'set-cookie': '[Redacted]' } },
    });
  });

  it('keeps redacting when a service adds paths of its own', () => {
    const logs = logCapture();
    const logger = createLogger({ stream: logs.stream, redact: ['card.number'] });

    logger.info({ password: 'p', card: { number: '4242', brand: 'visa' } }, 'paid');

    expect(logs.lines[0]).toMatchObject({
      password: '[Redacted]',
      card: { number: '[Redacted]', brand: 'visa' },
    });
  });

  it('redacts what a route logs through request.log, which carries the request id', async () => {
    const logs = logCapture();
    const app = await testService({ logger: { stream: logs.stream } });
    app.post('/login', { config: { policy: 'public' } }, async (request) => {
      request.log.info({ body: request.body }, 'login attempt');
      return { ok: true };
    });

    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'a@example.test', password: 'hunter2' },
    });

    const line = logs.lines.find((entry) => entry.msg === 'login attempt');
    expect(line).toMatchObject({
      level: 'info',
      name: 'test',
      requestId: response.headers['x-request-id'],
      body: { email: 'a@example.test', password: '[Redacted]' },
    });
    expect(JSON.stringify(logs.lines)).not.toContain('hunter2');
    await app.close();
  });
});
