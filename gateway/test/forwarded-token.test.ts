import { request as httpRequest } from 'node:http';
import { readIdentityToken, signIdentityToken } from '@app/service-kit';
import { describe, expect, it } from 'vitest';
import { echoBehindGateway, testSecret } from './support.js';

const stack = echoBehindGateway();

describe('identity tokens at the gateway', () => {
  it('refuses a client token that was used before or is bound to another request', async () => {
    const token = await signIdentityToken({ userId: 'u-1', role: 'admin' }, testSecret, {
      method: 'GET',
      url: '/api/products',
    });
    const first = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-identity-token': token },
    });
    const again = await stack.gateway.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-identity-token': token },
    });
    expect([first.statusCode, again.statusCode]).toEqual([200, 401]);
  });

  it('binds the forwarded token to the URL the service receives, encoded as it is sent', async () => {
    // Over a real socket, so the raw `{` and `'` reach the gateway (inject() would encode them first); the
    // proxy's URL parsing encodes them, and the binding must name what the service then sees.
    const address = new URL(await stack.gateway.listen({ port: 0, host: '127.0.0.1' }));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(
        {
          hostname: address.hostname,
          port: address.port,
          path: "/api/products/{x}?q='a'",
          method: 'HEAD',
          headers: { 'x-test-caller': 'tenant' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    const received = stack.upstream.received.at(-1);
    expect(received?.url).toBe('/api/products/%7Bx%7D?q=%27a%27');
    const forwarded = await readIdentityToken(String(received?.headers['x-identity-token']), testSecret);
    expect(forwarded.request).toEqual({ method: 'HEAD', url: received?.url });
  });
});
