import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessionCookieName, sessionCookieOptions } from '../../src/sessions/index.js';

const request = (headers: Record<string, string>, protocol: 'http' | 'https' = 'http') =>
  ({ headers, protocol }) as unknown as FastifyRequest;

describe('session cookie attributes', () => {
  it('is sid, HttpOnly, SameSite=Lax, on the whole site', () => {
    expect(sessionCookieName()).toBe('sid');
    expect(sessionCookieOptions(request({}), 'auto', 60)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
      maxAge: 60,
    });
  });

  it("'auto' follows the browser's connection as the nearest proxy reports it", () => {
    expect(sessionCookieOptions(request({ 'x-forwarded-proto': 'https' }), 'auto').secure).toBe(true);
    expect(sessionCookieOptions(request({ 'x-forwarded-proto': 'HTTPS, http' }), 'auto').secure).toBe(true);
    expect(sessionCookieOptions(request({ 'x-forwarded-proto': 'http' }), 'auto').secure).toBe(false);
    expect(sessionCookieOptions(request({}, 'https'), 'auto').secure).toBe(true);
  });

  it('obeys configuration when it says so', () => {
    expect(sessionCookieOptions(request({}), true).secure).toBe(true);
    expect(sessionCookieOptions(request({ 'x-forwarded-proto': 'https' }), false).secure).toBe(false);
  });
});
