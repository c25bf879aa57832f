import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnlyViewMessage } from '@app/service-kit';
import { identityHeaders, testIdentitySecret } from '@app/service-kit/testing';
import {
  buildRouteTable,
  matchRoute,
  routeEntries,
  type Access,
  type RouteEntry,
} from '../src/route-table.js';
import { pdfTextOf } from '../../services/billing/test/support/pdf-text.js';
import { publicOrigin, startPlatform, type Platform } from './matrix-platform.js';

/**
 * Who may call what, written down independently of the route table: each entry of `routeEntries` needs its row
 * here, so a new route cannot ship without someone stating its access level and this suite proving it end to end.
 */
const expectedAccess: Record<string, Access> = {
  '/api/login': 'public',
  '/api/login/*': 'public',
  '/api/logout': 'public',
  '/api/auth/*': 'signed-in',
  '/api/auth/view-as': 'signed-in',
  '/api/admin/users': 'admin',
  '/api/admin/users/*': 'admin',
  '/api/products': 'public',
  '/api/products/*': 'public',
  '/api/admin/products': 'admin',
  '/api/admin/products/*': 'admin',
  '/api/admin/tenants': 'admin',
  '/api/admin/tenants/*': 'admin',
  '/api/admin/subscriptions/*': 'admin',
  '/api/admin/products/:id/subscriptions': 'admin',
  '/api/admin/products/:id/subscriptions/summary': 'admin',
  '/api/admin/products/:id/subscriptions/export': 'admin',
  '/api/subscriptions': 'signed-in',
  '/api/subscriptions/:id/cancel': 'signed-in',
  '/api/subscriptions/:id/resume': 'signed-in',
  '/api/billing/config': 'public',
  '/api/billing/sandbox/confirm': 'signed-in',
  '/api/billing/sandbox/confirm-setup': 'signed-in',
  '/api/billing/payment-method': 'signed-in',
  '/api/billing/payment-method/setups': 'signed-in',
  '/api/billing/payment-method/setups/:setupId/complete': 'signed-in',
  '/api/billing/payments/:paymentIntentId': 'signed-in',
  '/api/billing/subscriptions': 'signed-in',
  '/api/billing/subscriptions/:id/plan': 'signed-in',
  '/api/billing/subscriptions/:id/plan/complete': 'signed-in',
  '/api/admin/billing/subscriptions': 'admin',
  '/api/admin/billing/subscriptions/:id/plan': 'admin',
  '/api/admin/billing/revenue': 'admin',
  '/api/admin/billing/revenue/export': 'admin',
  '/api/admin/billing/invoices': 'admin',
  '/api/admin/billing/invoices/export': 'admin',
  '/api/admin/audit': 'admin',
  '/api/admin/audit/export': 'admin',
  '/api/activity': 'signed-in',
  '/api/activity/export': 'signed-in',
  '/api/create-payment-intent': 'signed-in',
  '/api/invoices': 'signed-in',
  '/api/invoices/:id/pay': 'signed-in',
  '/api/invoices/:invoiceId': 'signed-in',
  '/api/invoices/:invoiceId/pdf': 'signed-in',
  '/api/usage': 'signed-in',
  '/api/webhooks/*': 'public',
  '/api/tenant-metrics/*': 'admin',
  '/api/admin/health': 'admin',
  '/api/tenant-webhooks/*': 'signed-in',
  '/api/admin/tenants/:tenantId/webhooks/*': 'admin',
};

type CallerName = 'visitor' | 'tenant' | 'otherTenant' | 'admin';
const callers: CallerName[] = ['visitor', 'tenant', 'otherTenant', 'admin'];
// Every method, not only the documented ones: access must hold for whatever a client tries.
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Status classes per access level: a refusal must come exactly where the level says, and nowhere else. */
function verdict(access: Access, caller: CallerName, status: number): string | null {
  const refused = status === 401 || status === 403;
  if (access === 'public') return refused ? 'public, yet refused' : null;
  if (caller === 'visitor') return status === 401 ? null : 'expected 401 for a visitor';
  if (access === 'admin' && caller !== 'admin') return status === 403 ? null : 'expected 403 for a tenant';
  return refused ? 'refused a caller it admits' : null;
}

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
}, 60_000);
afterAll(async () => {
  await platform?.close();
});

/** As a browser would: the caller's cookie, our Origin on unsafe requests, a JSON (or form) body. */
function send(method: string, path: string, caller: CallerName, forms = false) {
  const cookie = caller === 'visitor' ? {} : { cookie: platform.users[caller].cookie };
  const unsafe = method !== 'GET' && method !== 'HEAD';
  const body = !unsafe
    ? {}
    : forms
      ? { payload: 'email=&password=', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : { payload: '{}', headers: { 'content-type': 'application/json' } };
  return platform.gateway.inject({
    method,
    url: path,
    headers: { ...cookie, ...(unsafe ? { origin: publicOrigin } : {}), ...body.headers },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
}

/** The pattern with sample segments, plus every path the owning service documents under this entry. */
async function concretePaths(entry: RouteEntry): Promise<string[]> {
  const table = buildRouteTable({ [entry.service]: 'x' }, [entry]);
  const sampleFor = (path: string) =>
    path.includes('/users')
      ? platform.samples.userId
      : path.includes('/invoices')
        ? platform.samples.invoiceId
        : path.includes('/tenants') || path.includes('/tenant-metrics') || path.includes('/tenant-webhooks')
          ? platform.samples.tenantId
          : path.includes('/admin/subscriptions') || path.startsWith('/api/subscriptions/')
            ? platform.samples.subscriptionId
            : platform.samples.productId;
  const expand = (path: string) =>
    path.replace(/\{[^}/]+\}|:[^/]+/g, () => sampleFor(path)).replace(/\*$/, 'sample');
  const url = platform.serviceUrls[entry.service];
  const document = (await (await fetch(`${url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
  const documented = Object.keys(document.paths)
    .map(expand)
    .filter((path) => matchRoute(table, 'GET', path) !== null);
  return [...new Set([expand(entry.pattern), ...documented])];
}

describe('a view as a customer, through the real services (issue 21)', () => {
  const writeMethods = ['post', 'put', 'patch', 'delete'] as const;

  async function startView(): Promise<string> {
    const started = await platform.gateway.inject({
      method: 'POST',
      url: `/api/admin/users/${platform.users.tenant.id}/view-as`,
      headers: { cookie: platform.users.admin.cookie, origin: publicOrigin },
      payload: { reason: 'Ticket 4411: the customer cannot find their invoice' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const vas = started.cookies.find((cookie) => cookie.name === 'vas');
    expect(vas).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 1800 });
    return `${platform.users.admin.cookie}; vas=${vas?.value}`;
  }

  it('answers the admin as the customer, read-only, until they leave, and then as themselves', async () => {
    const cookie = await startView();
    const me = await platform.gateway.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: platform.users.tenant.id, role: 'tenant', viewAs: {} });
    const subscriptions = await platform.gateway.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: { cookie },
    });
    expect(subscriptions.json<Array<{ id: string }>>().map((s) => s.id)).toEqual([
      platform.samples.subscriptionId,
    ]);
    const cancel = await platform.gateway.inject({
      method: 'POST',
      url: `/api/subscriptions/${platform.samples.subscriptionId}/cancel`,
      headers: { cookie, origin: publicOrigin },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json()).toMatchObject({ type: 'urn:problem:read-only-view', detail: readOnlyViewMessage });

    const left = await platform.gateway.inject({
      method: 'DELETE',
      url: '/api/auth/view-as',
      headers: { cookie, origin: publicOrigin },
    });
    expect(left.statusCode).toBe(204);
    expect(left.cookies.find((c) => c.name === 'vas')).toMatchObject({ value: '' });
    // The cookie a stale tab still sends no longer opens the view.
    const after = await platform.gateway.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie },
    });
    expect(after.json()).toMatchObject({ id: platform.users.admin.id, role: 'admin' });
    expect(after.json()).not.toHaveProperty('viewAs');
  });

  it('is refused every write route each service registers, by the service itself', async () => {
    // Straight to each service, past the gateway's own refusal: every documented write of every service.
    const viewed = {
      userId: platform.users.tenant.id,
      role: 'tenant' as const,
      email: platform.users.tenant.email,
      actor: { userId: platform.users.admin.id, viewAsSessionId: '0196f2a0-0000-7000-8000-0000000000aa' },
    };
    const failures: string[] = [];
    let writes = 0;
    for (const service of platform.services) {
      const base = platform.serviceUrls[service];
      const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
        paths: Record<string, Partial<Record<(typeof writeMethods)[number], unknown>>>;
      };
      for (const [template, operations] of Object.entries(document.paths)) {
        const url = template.replace(/\{[^}/]+\}/g, platform.samples.productId);
        for (const method of writeMethods.filter((candidate) => operations[candidate] !== undefined)) {
          writes += 1;
          const headers = await identityHeaders('tenant', testIdentitySecret, viewed, { method, url });
          const response = await fetch(`${base}${url}`, {
            method: method.toUpperCase(),
            headers: { ...headers, 'content-type': 'application/json' },
            body: '{}',
          });
          const body = (await response.json().catch(() => ({}))) as { type?: string };
          if (response.status !== 403 || body.type !== 'urn:problem:read-only-view') {
            failures.push(`${service} ${method.toUpperCase()} ${template}: ${response.status} ${body.type}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(30);
  });
});

describe('the authorisation matrix', () => {
  it('has a row for every route table entry, and no row without one', () => {
    expect(Object.keys(expectedAccess).sort()).toEqual(routeEntries.map((entry) => entry.pattern).sort());
    for (const entry of routeEntries) {
      expect(platform.services, `${entry.pattern} needs ${entry.service} in the matrix`).toContain(
        entry.service,
      );
    }
  });

  it('shows each caller their own account at GET /api/auth/user, never another one', async () => {
    for (const caller of ['tenant', 'otherTenant', 'admin'] as const) {
      const response = await send('GET', '/api/auth/user', caller);
      expect(response.statusCode, caller).toBe(200);
      const user = platform.users[caller];
      expect(response.json(), caller).toMatchObject({ id: user.id, email: user.email });
    }
    expect((await send('GET', '/api/auth/user', 'visitor')).statusCode).toBe(401);
  });

  it('shows a customer the subscriptions of their own tenant only', async () => {
    const own = await send('GET', '/api/subscriptions', 'tenant');
    expect(own.statusCode).toBe(200);
    expect(own.json<Array<{ id: string }>>().map((s) => s.id)).toEqual([platform.samples.subscriptionId]);
    const other = await send('GET', '/api/subscriptions', 'otherTenant');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
  });

  it("lets a customer cancel and resume their own subscription, pay their own invoice and read its billing term, and nobody else's", async () => {
    const { subscriptionId } = platform.samples;
    for (const change of ['cancel', 'resume']) {
      const path = `/api/subscriptions/${subscriptionId}/${change}`;
      expect((await send('POST', path, 'otherTenant')).statusCode, change).toBe(404);
      expect((await send('POST', path, 'tenant')).statusCode, change).toBe(200);
    }
    // Their invoice is paid already: Pay now answers so, and nothing for anyone else.
    const pay = `/api/invoices/${platform.samples.invoiceId}/pay`;
    expect((await send('POST', pay, 'otherTenant')).statusCode).toBe(404);
    expect((await send('POST', pay, 'tenant')).json()).toEqual({
      invoiceId: platform.samples.invoiceId,
      status: 'paid',
    });
    const terms = `/api/billing/subscriptions?ids=${subscriptionId}`;
    expect((await send('GET', terms, 'otherTenant')).json()).toEqual([]);
    expect((await send('GET', terms, 'tenant')).json()).toMatchObject([{ subscriptionId }]);
  });

  it("lets a customer register and list their own tenant's webhook endpoints, and nobody else's", async () => {
    const endpoints = `/api/tenant-webhooks/${platform.samples.tenantId}/endpoints`;
    const register = (caller: 'tenant' | 'otherTenant') =>
      platform.gateway.inject({
        method: 'POST',
        url: endpoints,
        headers: { cookie: platform.users[caller].cookie, origin: publicOrigin },
        payload: { url: 'https://hooks.example.com/in', eventTypes: ['billing.invoice.paid.v1'] },
      });
    expect((await register('otherTenant')).statusCode).toBe(404);
    expect((await send('GET', endpoints, 'otherTenant')).statusCode).toBe(404);
    const created = await register('tenant');
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await send('GET', endpoints, 'tenant')).json()).toMatchObject({ endpoints: [{ id }] });
    const admins = `/api/admin/tenants/${platform.samples.tenantId}/webhooks/endpoints`;
    expect((await send('GET', admins, 'admin')).json()).toMatchObject({ endpoints: [{ id }] });
    expect((await send('POST', `${endpoints}/${id}/disable`, 'otherTenant')).statusCode).toBe(404);
  });

  it('shows a customer their own card on file, and lets nobody else finish replacing it', async () => {
    const own = await send('GET', '/api/billing/payment-method', 'tenant');
    expect(own.json()).toMatchObject({ card: { brand: 'visa', last4: '4242' } });
    expect((await send('GET', '/api/billing/payment-method', 'otherTenant')).json()).toMatchObject({
      card: null,
    });
    const started = await send('POST', '/api/billing/payment-method/setups', 'tenant');
    expect(started.statusCode).toBe(200);
    const { setupId, clientSecret } = started.json<{ setupId: string; clientSecret: string }>();
    const complete = `/api/billing/payment-method/setups/${setupId}/complete`;
    expect((await send('POST', complete, 'otherTenant')).statusCode).toBe(404);
    expect((await send('POST', complete, 'tenant')).json()).toEqual({ status: 'pending', message: null });
    const stolen = await platform.gateway.inject({
      method: 'POST',
      url: '/api/billing/sandbox/confirm-setup',
      headers: { cookie: platform.users.otherTenant.cookie, origin: publicOrigin },
      payload: {
        clientSecret,
        card: { number: '5555555555554444', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await send('GET', '/api/billing/payment-method', 'tenant')).json()).toMatchObject({
      card: { last4: '4242' },
    });
  });

  it("lets a customer preview and change their own subscription's plan, and nobody else's", async () => {
    const path = `/api/billing/subscriptions/${platform.samples.subscriptionId}/plan`;
    // The sample product offers its base plan only: the owner reaches the rule, anyone else finds nothing.
    expect((await send('GET', `${path}?plan=basic`, 'otherTenant')).statusCode).toBe(404);
    expect((await send('GET', `${path}?plan=basic`, 'tenant')).statusCode).toBe(400);
    const other = await platform.gateway.inject({
      method: 'POST',
      url: path,
      headers: { cookie: platform.users.otherTenant.cookie, origin: publicOrigin },
      payload: { plan: 'basic' },
    });
    expect(other.statusCode).toBe(404);
    const own = await platform.gateway.inject({
      method: 'POST',
      url: path,
      headers: { cookie: platform.users.tenant.cookie, origin: publicOrigin },
      payload: { plan: 'professional' },
    });
    expect(own.statusCode).toBe(409);
    // Nothing in flight: the owner's completion answers the plan as it stands; anyone else's finds nothing.
    expect((await send('POST', `${path}/complete`, 'otherTenant')).statusCode).toBe(404);
    expect((await send('POST', `${path}/complete`, 'tenant')).json()).toMatchObject({
      outcome: 'changed',
      plan: 'professional',
    });
  });

  it('shows a customer their own invoices only', async () => {
    const own = await send('GET', '/api/invoices', 'tenant');
    expect(own.statusCode).toBe(200);
    expect(own.json<Array<{ id: string }>>().map((invoice) => invoice.id)).toEqual([
      platform.samples.invoiceId,
    ]);
    const other = await send('GET', '/api/invoices', 'otherTenant');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
  });

  it("lets a customer download their own invoice's PDF only, and an admin any", async () => {
    const url = `/api/invoices/${platform.samples.invoiceId}/pdf`;
    const own = await send('GET', url, 'tenant');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="INV-\d{6,}\.pdf"$/);
    expect(await pdfTextOf(own.rawPayload)).toContain('Total (USD)');
    expect((await send('GET', url, 'otherTenant')).statusCode).toBe(404);
    expect((await send('GET', url, 'admin')).statusCode).toBe(200);
  });

  it('enforces every entry for every method and caller, through the real services', async () => {
    // Sign-out ends the callers' sessions, so it goes last.
    const entries = [...routeEntries].sort(
      (a, b) => Number(a.pattern === '/api/logout') - Number(b.pattern === '/api/logout'),
    );
    const failures: string[] = [];
    let requests = 0;
    for (const entry of entries) {
      const access = expectedAccess[entry.pattern] as Access;
      const paths = await concretePaths(entry);
      expect(paths.length, entry.pattern).toBeGreaterThan(0);
      for (const path of paths) {
        for (const method of methods) {
          for (const caller of callers) {
            const { statusCode } = await send(method, path, caller, entry.acceptsForms === true);
            requests += 1;
            const problem = verdict(access, caller, statusCode);
            if (problem)
              failures.push(`${method} ${path} as ${caller}: ${statusCode} (${access}: ${problem})`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(routeEntries.length * methods.length * callers.length);
  }, 60_000);
});
