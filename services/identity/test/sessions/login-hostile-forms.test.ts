import { describe, expect, it } from 'vitest';
import { loginAppForFile } from './login-harness.js';

const login = loginAppForFile();

const forms = ['/api/login', '/api/login/sign-up', '/api/login/setup'];

/** A hand-made form body, escapes exactly as given. */
function post(url: string, payload: string) {
  return login.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
}

async function storedRows(): Promise<number> {
  const { rows } = await login.pool.query<{ count: string }>(
    `SELECT (SELECT count(*) FROM login_attempts) + (SELECT count(*) FROM sessions) AS count`,
  );
  return Number(rows[0]?.count);
}

describe('the sign-in pages’ forms with text that cannot be stored', () => {
  it.each(
    forms.flatMap((url) => [
      [url, 'a NUL', 'email=casey%00%40demo.local&password=x&token=t'],
      [url, 'a lone surrogate sent as its bytes', 'email=%ED%A0%80&password=x&token=t'],
      [url, 'a byte that is not UTF-8', 'email=%FF&password=x&token=t'],
    ]),
  )('%s refuses %s with a 400 problem naming the field, and records nothing', async (url, _case, body) => {
    const before = await storedRows();
    const response = await post(url, body);

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'urn:problem:unstorable-text',
      errors: [{ path: 'email' }],
    });
    expect(await storedRows()).toBe(before);
  });
});
