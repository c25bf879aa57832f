import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginRateLimits } from '../../src/sessions/index.js';
import {
  form,
  freshEmail,
  openIdentityDatabase,
  startLoginApp,
  strongPassword,
  type LoginApp,
} from './login-harness.js';

const window = 15 * 60 * 1000;
let database: Awaited<ReturnType<typeof openIdentityDatabase>>;
let login: LoginApp;
beforeAll(async () => {
  database = await openIdentityDatabase();
  login = await startLoginApp({ pool: database.pool });
});
afterAll(async () => {
  await login.app.close();
  await database.close();
});

let addresses = 0;
function freshIp(): string {
  addresses += 1;
  return `203.0.113.${addresses}`;
}

function signIn(ip: string, email: string, password: string) {
  const body = form({ email, password });
  // The gateway appends the address it saw; an earlier entry is whatever the client claimed.
  return login.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body.payload,
    headers: { ...body.headers, 'x-forwarded-for': `10.9.9.9, ${ip}` },
  });
}

async function account() {
  const email = freshEmail('limited');
  const user = login.accounts.add(email);
  await login.credentials.setPassword(user.id, strongPassword);
  return email;
}

describe('sign-in rate limits', () => {
  it('defaults to 10 attempts per address and 5 failures per account in 15 minutes', () => {
    expect(defaultLoginRateLimits).toEqual({ windowMs: window, perIp: 10, perAccount: 5 });
  });

  it('answers 429 with Retry-After once an address made 10 attempts, until the window passes', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(ip, freshEmail(), 'wrong password here')).statusCode).toBe(401);
    }
    const limited = await signIn(ip, await account(), strongPassword);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect(limited.body).toContain('Too many sign-in attempts. Try again in 900 s.');

    expect((await signIn(freshIp(), await account(), strongPassword)).statusCode).toBe(303);

    login.clock.advance(window - 60_000);
    expect((await signIn(ip, freshEmail(), 'x')).headers['retry-after']).toBe('60');
    login.clock.advance(60_000);
    expect((await signIn(ip, await account(), strongPassword)).statusCode).toBe(303);
  });

  it('locks an account after 5 failures from any addresses, even for the right password', async () => {
    const email = await account();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(freshIp(), email, 'wrong password here')).statusCode).toBe(401);
      login.clock.advance(1_000);
    }
    const limited = await signIn(freshIp(), email, strongPassword);
    expect(limited.statusCode).toBe(429);
    // The oldest of the five failures ages out first: 15 minutes after it, less the 5 s since.
    expect(limited.headers['retry-after']).toBe(String(window / 1000 - 5));

    login.clock.advance(window);
    expect((await signIn(freshIp(), email, strongPassword)).statusCode).toBe(303);
  });

  it('does not count refused attempts, so hammering does not extend the lock', async () => {
    const email = await account();
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(freshIp(), email, 'wrong password here');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      login.clock.advance(60_000);
      expect((await signIn(freshIp(), email, 'wrong password here')).statusCode).toBe(429);
    }
    login.clock.advance(window - 5 * 60_000);
    expect((await signIn(freshIp(), email, strongPassword)).statusCode).toBe(303);
  });

  it('counts failures since the last successful sign-in', async () => {
    const email = await account();
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(freshIp(), email, 'wrong password here');
    expect((await signIn(freshIp(), email, strongPassword)).statusCode).toBe(303);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(freshIp(), email, 'wrong password here')).statusCode).toBe(401);
    }
    expect((await signIn(freshIp(), email, strongPassword)).statusCode).toBe(303);
  });

  it('lets no more than 5 of many parallel guesses through for one account', async () => {
    const email = await account();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => signIn(freshIp(), email, 'wrong password here')),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('counts sign-ups against the address too', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const body = form({ email: freshEmail('signup'), password: strongPassword });
      const response = await login.app.inject({
        method: 'POST',
        url: '/api/login/sign-up',
        payload: body.payload,
        headers: { ...body.headers, 'x-forwarded-for': ip },
      });
      expect(response.statusCode).toBe(303);
    }
    const body = form({ email: freshEmail('signup'), password: strongPassword });
    const limited = await login.app.inject({
      method: 'POST',
      url: '/api/login/sign-up',
      payload: body.payload,
      headers: { ...body.headers, 'x-forwarded-for': ip },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
  });

  it('keeps no email in clear in its table', async () => {
    const email = freshEmail('private');
    await signIn(freshIp(), email, 'wrong password here');
    const { rows } = await database.pool.query('SELECT * FROM identity.login_attempts');
    expect(JSON.stringify(rows)).not.toContain(email);
  });
});
