import { readIdentityToken } from '@app/service-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import {
  headerAuthenticator,
  startEchoUpstream,
  testConfig,
  testSecret,
  type EchoedRequest,
} from './support.js';

let upstream: Awaited<ReturnType<typeof startEchoUpstream>>;
let direct: FastifyInstance;
let behindProxy: FastifyInstance;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  const services = { IDENTITY_URL: upstream.url, CATALOG_URL: upstream.url };
  const gatewayWith = (trustProxy: boolean) =>
    buildGateway({
      config: testConfig({ ...services, TRUST_PROXY: trustProxy }),
      authenticate: headerAuthenticator,
    });
  [direct, behindProxy] = await Promise.all([gatewayWith(false), gatewayWith(true)]);
});

afterAll(async () => {
  await Promise.all([direct?.close(), behindProxy?.close()]);
  await upstream?.app.close();
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
    const token = await signInThrough(direct, '192.0.2.10', '203.0.113.99');
    expect(token.caller).toBeNull();
    expect(token.request).toEqual({ method: 'POST', url: '/api/login' });
    expect(token.clientAddress).toBe('192.0.2.10');
  });

  it('names the address beside a signed-in caller too', async () => {
    const response = await direct.inject({
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
