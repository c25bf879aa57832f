import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';
import { countEvents, expectRefusedUnchanged } from './service-harness.js';

export type BodyMethod = 'POST' | 'PUT' | 'PATCH';
export type BodyRoute = readonly [BodyMethod, string];

export interface Refusal {
  status: number;
  /** The problem's `detail`, where the spec names the sentence. */
  detail?: string | undefined;
  /** The body's content type; JSON unless given. */
  contentType?: string;
}

/**
 * How each service's bad-input tests send what a client may send and show it refused: the status and RFC 9457
 * problem every service answers with, and no event appended by the request. `service` is read when a test runs,
 * so it may be the harness a `beforeAll` starts.
 */
export function badInputDriver(options: {
  service: () => { app: Pick<FastifyInstance, 'inject'>; pool: pg.Pool };
  /** The headers of a caller the route accepts. */
  headersFor: (url: string) => Promise<Record<string, string>>;
}) {
  /** A body as a client sends it: an object as JSON, a string as it is. */
  async function send(
    method: BodyMethod,
    url: string,
    payload: string | object,
    contentType = 'application/json',
  ) {
    return options.service().app.inject({
      method,
      url,
      headers: { ...(await options.headersFor(url)), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  /** Whatever `request` sends is refused as `expected` says and appends no event. */
  async function expectRefusedRequest(
    request: () => Promise<LightMyRequestResponse>,
    expected: Refusal,
  ): Promise<LightMyRequestResponse> {
    const { pool } = options.service();
    const eventsBefore = await countEvents(pool);
    const response = await request();
    await expectRefusedUnchanged(response, {
      status: expected.status,
      detail: expected.detail,
      pool,
      eventsBefore,
    });
    return response;
  }

  /** `payload` sent to one route is refused as `expected` says and appends no event. */
  function expectRefused(method: BodyMethod, url: string, payload: string | object, expected: Refusal) {
    return expectRefusedRequest(() => send(method, url, payload, expected.contentType), expected);
  }

  /** A field's rule broken: 400, with the rule's sentence as the detail and among the problem's `errors`. */
  async function expectFieldRefused(method: BodyMethod, url: string, payload: object, message: string) {
    const response = await expectRefused(method, url, payload, { status: 400, detail: message });
    expect(response.json<{ errors: unknown }>().errors).toContainEqual(expect.objectContaining({ message }));
  }

  /** The same `payload` is refused on every one of `routes`. */
  async function expectRefusedOnEvery(
    routes: readonly BodyRoute[],
    payload: string | object,
    expected: Refusal,
  ) {
    for (const [method, url] of routes) await expectRefused(method, url, payload, expected);
  }

  return { send, expectRefused, expectFieldRefused, expectRefusedOnEvery, expectRefusedRequest };
}
