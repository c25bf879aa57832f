import { describe, expect, it } from 'vitest';
import { defaultLoginRateLimits } from '../../src/sessions/index.js';
import { form, freshEmail, loginAppForFile, postForm, strongPassword } from './login-harness.js';

const window = 15 * 60 * 1000;
const wrong = 'wrong password here';
const login = loginAppForFile();

let addresses = 0;
/** A fresh address per use, so the limits one test reaches never reach another. */
function freshIp(): string {
  addresses += 1;
  return `10.${Math.floor(addresses / 250)}.${addresses % 250}.7`;
}

/** A sign-in from `ip` as the gateway forwards it: the address only in its signed token. */
async function signIn(ip: string, email: string, password: string) {
  return postForm(login.app, '/api/login', { email, password }, { from: ip });
}

async function signUp(ip: string) {
  return postForm(
    login.app,
    '/api/login/sign-up',
    { email: freshEmail('signup'), password: strongPassword },
    { from: ip },
  );
}

async function account(prefix = 'limited') {
  const email = freshEmail(prefix);
  const user = login.accounts.add(email);
  await login.credentials.setPassword(user.id, strongPassword);
  return email;
}

async function statusesOf(attempts: number, attempt: () => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let count = 0; count < attempts; count += 1) statuses.push((await attempt()).statusCode);
  return statuses;
}

describe('sign-in rate limits', () => {
  it('default to 5 failures per account and address, 50 per account, 100 per address in 15 minutes', () => {
    expect(defaultLoginRateLimits).toEqual({
      windowMs: window,
      perAccountAndAddress: 5,
      perAccount: 50,
      perAddress: 100,
      signUpsPerAddress: 10,
      knownAddressMs: 30 * 24 * 60 * 60 * 1000,
    });
  });

  it('slow guessing one account from one address, even for the right password, until the window passes', async () => {
    const email = await account();
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(ip, email, wrong)).statusCode).toBe(401);
      login.clock.advance(1_000);
    }
    const limited = await signIn(ip, email, strongPassword);
    expect(limited.statusCode).toBe(429);
    // The oldest of the five failures ages out first: 15 minutes after it, less the 5 s since.
    expect(limited.headers['retry-after']).toBe(String(window / 1000 - 5));
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect(limited.body).toContain('Too many sign-in attempts. Try again in 895 s.');

    expect((await signIn(freshIp(), email, strongPassword)).statusCode).toBe(303);
    login.clock.advance(window);
    expect((await signIn(ip, email, strongPassword)).statusCode).toBe(303);
  });

  it('do not count refused attempts, so hammering does not extend the wait', async () => {
    const email = await account();
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(ip, email, wrong);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      login.clock.advance(60_000);
      expect((await signIn(ip, email, wrong)).statusCode).toBe(429);
    }
    login.clock.advance(window - 5 * 60_000);
    expect((await signIn(ip, email, strongPassword)).statusCode).toBe(303);
  });

  it("count an address's failures at an account since its last successful sign-in there", async () => {
    const email = await account();
    const ip = freshIp();
    expect(await statusesOf(4, () => signIn(ip, email, wrong))).toEqual([401, 401, 401, 401]);
    expect((await signIn(ip, email, strongPassword)).statusCode).toBe(303);
    expect(await statusesOf(4, () => signIn(ip, email, wrong))).toEqual([401, 401, 401, 401]);
    expect((await signIn(ip, email, strongPassword)).statusCode).toBe(303);
  });

  it('let no more than 5 of many parallel guesses from one address at one account through', async () => {
    const email = await account();
    const ip = freshIp();
    const responses = await Promise.all(Array.from({ length: 12 }, () => signIn(ip, email, wrong)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('never let a stranger guessing from many addresses keep the owner out at her usual address', async () => {
    const casey = await account('casey');
    const home = freshIp();
    expect((await signIn(home, casey, strongPassword)).statusCode).toBe(303);

    // Ten addresses, five guesses each (all their pairs allow): the account's ceiling of 50 failures.
    for (let attacker = 0; attacker < 10; attacker += 1) {
      const ip = freshIp();
      expect(await statusesOf(5, () => signIn(ip, casey, wrong))).toEqual([401, 401, 401, 401, 401]);
    }
    // Slowed everywhere else, the right password included: an attacker gains nothing from a new address.
    const elsewhere = await signIn(freshIp(), casey, strongPassword);
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(0);

    expect((await signIn(home, casey, strongPassword)).statusCode).toBe(303);
    // Even her own typos at home are judged on their own: four more, then in.
    expect(await statusesOf(4, () => signIn(home, casey, wrong))).toEqual([401, 401, 401, 401]);
    expect((await signIn(home, casey, strongPassword)).statusCode).toBe(303);
  });

  it('let 50 colleagues behind one address all sign in within 15 minutes', async () => {
    const office = freshIp();
    const colleagues = await Promise.all(Array.from({ length: 50 }, () => account('colleague')));
    const statuses: number[] = [];
    for (const email of colleagues) {
      statuses.push((await signIn(office, email, strongPassword)).statusCode);
      login.clock.advance(15_000);
    }
    expect(statuses).toEqual(colleagues.map(() => 303));
  });

  it('slow password spraying from one address, except for accounts that usually sign in there', async () => {
    const ip = freshIp();
    const regular = await account('regular');
    expect((await signIn(ip, regular, strongPassword)).statusCode).toBe(303);

    const sprayed = await statusesOf(100, () => signIn(ip, freshEmail('sprayed'), wrong));
    expect(sprayed.every((status) => status === 401)).toBe(true);
    const limited = await signIn(ip, freshEmail('sprayed'), wrong);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect((await signIn(ip, await account('newcomer'), strongPassword)).statusCode).toBe(429);

    expect((await signIn(ip, regular, strongPassword)).statusCode).toBe(303);
    expect((await signIn(freshIp(), freshEmail('sprayed'), wrong)).statusCode).toBe(401);
    login.clock.advance(window);
    expect((await signIn(ip, freshEmail('sprayed'), wrong)).statusCode).toBe(401);
  });

  it('count sign-ups against the address, successful or not', async () => {
    const ip = freshIp();
    expect(await statusesOf(10, () => signUp(ip))).toEqual(Array.from({ length: 10 }, () => 303));
    const limited = await signUp(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect((await signUp(freshIp())).statusCode).toBe(303);
  });

  it('keep no email in clear in their tables', async () => {
    const email = await account('private');
    await signIn(freshIp(), email, wrong);
    await signIn(freshIp(), email, strongPassword);
    const attempts = await login.pool.query('SELECT * FROM identity.login_attempts');
    const known = await login.pool.query('SELECT * FROM identity.login_known_addresses');
    expect(known.rowCount).toBeGreaterThan(0);
    expect(JSON.stringify([attempts.rows, known.rows])).not.toContain(email);
  });
});

describe('the address sign-in limits count by', () => {
  it('is the socket peer for requests straight to identity, whatever X-Forwarded-For they make up', async () => {
    const email = await account('direct');
    const socketPeer = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await login.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: socketPeer,
        ...form({ email, password: wrong }),
        headers: { ...form({}).headers, 'x-forwarded-for': `198.51.100.${attempt + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
