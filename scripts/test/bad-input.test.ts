import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  hostileCasesOf,
  writeOperationsOf,
  type Access,
  type HostileCase,
  type WriteOperation,
} from './support/hostile-cases.js';
import { launcherDatabaseUrl } from './support/launcher-database.js';
import { sessionCookie } from './support/session-cookie.js';
import { platformStartBoundMs, startPlatform, type Platform } from './support/platform.js';
import { storedWrites, type StoredWrites } from './support/stored-writes.js';

/**
 * Hostile input against every write route of the gateway's OpenAPI document, on the platform as
 * `npm start` runs it: NUL, lone and reversed surrogates and overlong strings in every string field of each
 * body (built from the route's request schema), and NUL, surrogate bytes, bad escapes and a 5 KB segment in every
 * path parameter, each sent as the role the route admits. Every answer must be a 4xx problem document, and
 * nothing of a refused request may be stored. A route added to the document is covered without an edit here.
 */
let platform: Platform;
let stored: StoredWrites;
let operations: WriteOperation[];
let documentDescription: string;
let cookies: Record<Exclude<Access, 'public'>, string>;
let directWritesBefore: Record<string, number>;
/** Every hostile request's id starts with this, so the events it caused (none, we expect) can be found. */
const run = `bad-input-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  platform = await startPlatform({
    serverUrl: inject('databaseUrl'),
    natsUrl: inject('natsUrl'),
    label: 'bi',
  });
  stored = storedWrites(await launcherDatabaseUrl(platform.launcher.pid as number));
  cookies = {
    admin: await sessionCookie(platform.gatewayUrl, 'admin@demo.local', 'demo-admin-password-2026'),
    'signed-in': await sessionCookie(platform.gatewayUrl, 'casey@demo.local', 'demo-customer-password-2026'),
  };
  const document = (await (await fetch(`${platform.gatewayUrl}/api/docs/openapi.json`)).json()) as Parameters<
    typeof writeOperationsOf
  >[0] & { info: { description: string } };
  operations = writeOperationsOf(document);
  documentDescription = document.info.description;
  directWritesBefore = await stored.directWriteCounts();
}, platformStartBoundMs);

afterAll(async () => {
  await stored?.close();
  await platform?.dispose();
});

describe('hostile input on every write route of the OpenAPI document', () => {
  it('is answered with a 4xx problem naming the field, never a 5xx or a body of another kind', async () => {
    // Every service's API made it into the document: a service missing from it would leave its routes untested.
    expect(documentDescription).toContain(
      'Included: catalog, identity, tenancy, billing, monitoring, notifications, audit.',
    );
    expect(documentDescription).not.toContain('missing');
    const cases = operations.flatMap(hostileCasesOf);

    const failures = (await inBatches(cases, 8, check)).filter((failure) => failure !== null);

    expect(failures).toEqual([]);
  });

  it('stores nothing of a refused request', async () => {
    expect(await stored.eventsCorrelatedWith(run)).toBe(0);
    expect(await stored.directWriteCounts()).toEqual(directWritesBefore);
  });

  it("finds a request's events by its id, so the check above can see a write", async () => {
    const id = `${run}-control`;
    const response = await send({
      method: 'POST',
      path: '/api/admin/tenants',
      access: 'admin',
      requestId: id,
      body: { contentType: 'application/json', text: JSON.stringify({ name: 'Bad input control' }) },
    });

    expect(response.status).toBe(201);
    expect(await stored.eventsCorrelatedWith(id)).toBeGreaterThan(0);
  });
});

let sent = 0;

/** Sends one case and says what is wrong with its answer, or null. */
async function check(hostile: HostileCase): Promise<string | null> {
  const response = await send({
    method: hostile.operation.method,
    path: hostile.path,
    access: hostile.operation.access,
    requestId: `${run}-${(sent += 1)}`,
    ...(hostile.body === undefined ? {} : { body: hostile.body }),
  });
  const text = await response.text();
  const wrong = verdict(hostile, response, text);
  return wrong === null ? null : `${hostile.name}: ${wrong} (${response.status} ${text.slice(0, 300)})`;
}

function verdict(hostile: HostileCase, response: Response, text: string): string | null {
  const { status } = response;
  if (status < 400 || status >= 500) return 'not a 4xx';
  if (status === 401 || status === 403) return 'refused its caller, so the input was never looked at';
  // A hostile value must not be echoed back: the answer stays small whatever was sent.
  if (text.length > 4_000) return `a ${text.length}-character answer`;
  const type = response.headers.get('content-type') ?? '';
  const formPage = hostile.operation.body?.contentType === 'application/x-www-form-urlencoded';
  if (hostile.expect.kind === 'refused' && formPage && type.startsWith('text/html')) return null;
  if (!type.startsWith('application/problem+json')) return `content type ${type}, not a problem`;
  const problem = JSON.parse(text) as { status?: unknown; errors?: Array<{ path: string }> };
  if (problem.status !== status) return 'a problem whose status is not the answer’s';
  if (hostile.expect.kind === 'unstorable') {
    if (status !== 400) return 'not a 400';
    const field = hostile.expect.field;
    if (!problem.errors?.some((error) => error.path === field)) return `errors do not name ${field}`;
  }
  return null;
}

interface Outgoing {
  method: string;
  path: string;
  access: Access;
  requestId: string;
  body?: { contentType: string; text: string };
}

/** As a browser client would send it: its role's session cookie and this site's Origin. */
function send(request: Outgoing): Promise<Response> {
  const headers: Record<string, string> = { origin: platform.gatewayUrl, 'x-request-id': request.requestId };
  if (request.access !== 'public') headers.cookie = cookies[request.access];
  if (request.body !== undefined) headers['content-type'] = request.body.contentType;
  return fetch(`${platform.gatewayUrl}${request.path}`, {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: request.body.text }),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
}

/** `work` over `items`, at most `concurrency` at a time, results in order. */
async function inBatches<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency) {
    results.push(...(await Promise.all(items.slice(start, start + concurrency).map(work))));
  }
  return results;
}
