import { describe, expect, it } from 'vitest';
import { echoBehindGateway } from './support.js';

const stack = echoBehindGateway({ services: ['IDENTITY_URL'] });

/** What a browser sends when the sign-out confirmation's button (a form without fields) is pressed. */
function pressSignOut(origin: string) {
  return stack.gateway.inject({
    method: 'POST',
    url: '/api/logout',
    headers: {
      cookie: 'sid=s',
      origin,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '0',
    },
  });
}

describe("the sign-out confirmation's POST at the gateway", () => {
  // inject() sends `Host: localhost:80`, so the gateway's own origin is http://localhost.
  it('passes from our own origin: its empty form body is no JSON-only refusal', async () => {
    const response = await pressSignOut('http://localhost');
    expect(response.statusCode).toBe(201);
    expect(stack.upstream.received.at(-1)).toMatchObject({ method: 'POST', url: '/api/logout' });
  });

  it('is refused from another site before identity sees it', async () => {
    const before = stack.upstream.received.length;
    const response = await pressSignOut('https://evil.example');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'urn:problem:cross-site-request' });
    expect(stack.upstream.received.length).toBe(before);
  });
});
