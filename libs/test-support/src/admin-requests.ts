import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;
type App = Pick<FastifyInstance, 'inject'>;

/**
 * What an admin's POST of `payload` to `url` made: the 201 response. Anything else fails the test where it sets
 * up, saying what came back instead.
 */
export async function createAs(app: App, admin: Headers, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, headers: admin, payload });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response;
}

/** An admin's PATCH of `url`, with `headers` (an If-Match, another caller's identity) on top of the admin's. */
export function patchAs(app: App, admin: Headers, url: string, payload: object, headers: Headers = {}) {
  return app.inject({ method: 'PATCH', url, headers: { ...admin, ...headers }, payload });
}
