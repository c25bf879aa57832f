import { readIdentityToken } from '@app/service-kit';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { echoBehindGateway, testSecret, type EchoedRequest } from './support.js';

const stack = echoBehindGateway({ services: ['IDENTITY_URL', 'CATALOG_URL'] });
let behindProxy: FastifyInstance;

beforeAll(async () => {
  behindProxy = await stack.gatewayWith({ TRUST_PROXY: true });
});

/** A visitor's sign-in form post from `remoteAddress`, and the identity token the service received with it. */
async function signInThrough(gateway: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  const response = await gateway.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: 'email=casey%40demo.local&password=guess',
  });
  expect(response.statusCode).toBe(201);
  return readIdentityToken(String(response.json<EchoedRequest>().headers['x-identity-token']), testSecret);
}

describe('the client address in the identity token', () => {
  it("signs a visitor's sign-in with the socket's peer, whatever X-Forwarded-For the client sent", async () => {
    const token = await signInThrough(stack.gateway, '192.0.2.10', '203.0.113.99');
    expect(token.caller).toBeNull();
    expect(token.request).toEqual({ method: 'POST', url: '/api/login' });
    expect(token.clientAddress).toBe('192.0.2.10');
  });

  it('names the address beside a signed-in caller too', async () => {
    const response = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      remoteAddress: '192.0.2.11',
      headers: { 'x-test-caller': 'tenant' },
    });
    const token = await readIdentityToken(
      String(response.json<EchoedRequest>().headers['x-identity-token']),
      testSecret,
    );
    expect(token.caller).toMatchObject({ userId: 'user-tenant' });
    expect(token.clientAddress).toBe('192.0.2.11');
  });

  it("behind a trusted proxy, takes the entry that proxy appended: X-Forwarded-For's last", async () => {
    const token = await signInThrough(behindProxy, '10.0.0.2', '203.0.113.99, 198.51.100.23');
    expect(token.clientAddress).toBe('198.51.100.23');
  });

  it("falls back to the proxy's own address when its entry is not an address", async () => {
    const token = await signInThrough(behindProxy, '10.0.0.2', '198.51.100.23, unknown');
    expect(token.clientAddress).toBe('10.0.0.2');
  });
});
