import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIdentityToken, signIdentityToken, type ServiceApp } from '../src/index.js';
import { testIdentitySecret } from '../src/testing/index.js';
import { forgedToken } from './forged-token.js';
import { testService } from './support.js';

let app: ServiceApp;

beforeAll(async () => {
  app = await testService();
  const seen = async (request: { caller: unknown; clientAddress: string }) => ({
    caller: request.caller,
    clientAddress: request.clientAddress,
  });
  app.post('/sign-in', { config: { policy: 'public' } }, seen);
  app.get('/mine', { config: { policy: 'signed-in' } }, seen);
  await app.ready();
});
afterAll(() => app.close());

/** What the gateway forwards for a visitor's request seen from `clientAddress`. */
async function visitorToken(method: string, url: string, clientAddress?: string) {
  return {
    'x-identity-token': await signIdentityToken(null, testIdentitySecret, {
      method,
      url,
      ...(clientAddress === undefined ? {} : { clientAddress }),
    }),
  };
}

describe("a visitor's identity token", () => {
  it('round-trips no caller and the client address', async () => {
    const token = await signIdentityToken(null, testIdentitySecret, {
      method: 'POST',
      url: '/sign-in',
      clientAddress: '2001:db8::7',
    });
    const read = await readIdentityToken(token, testIdentitySecret);
    expect(read).toMatchObject({ caller: null, clientAddress: '2001:db8::7' });
    expect(read.request).toEqual({ method: 'POST', url: '/sign-in' });
  });

  it('refuses a client address that is not an IP address', async () => {
    const token = forgedToken({
      htm: 'POST',
      htu: '/sign-in',
      jti: 'j-address',
      clientAddress: '203.0.113.1, 10.0.0.1',
    });
    await expect(readIdentityToken(token, testIdentitySecret)).rejects.toThrow(/not an IP address/);
  });
});

describe('request.clientAddress', () => {
  it('is the address the token names, never a forwarding header', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sign-in',
      remoteAddress: '10.1.2.3',
      headers: {
        ...(await visitorToken('POST', '/sign-in', '198.51.100.4')),
        'x-forwarded-for': '192.0.2.77',
      },
    });
    expect(response.json()).toEqual({ caller: null, clientAddress: '198.51.100.4' });
  });

  it("is the socket's peer without a token, whatever X-Forwarded-For says", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sign-in',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
    expect(response.json()).toEqual({ caller: null, clientAddress: '10.1.2.3' });
  });

  it("is the socket's peer when the token (from an older gateway) names none", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/sign-in',
      remoteAddress: '10.1.2.4',
      headers: await visitorToken('POST', '/sign-in'),
    });
    expect(response.json()).toEqual({ caller: null, clientAddress: '10.1.2.4' });
  });

  it("does not make a visitor's token enough for a signed-in route", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/mine',
      headers: await visitorToken('GET', '/mine', '198.51.100.4'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'Authentication required.' });
  });
});
