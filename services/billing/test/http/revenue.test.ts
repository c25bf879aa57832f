import { beforeAll, describe, expect, it } from 'vitest';
import { revenueReportSchema, tenancyStream } from '@app/contracts';
import { identityHeaders } from '@app/service-kit/testing';
import { eventually } from '@app/test-support/eventually';
import { startedForFile } from '@app/test-support/started-for-file';
import { billingConsumerNames } from '../../src/integration/consumers/start-billing-consumers.js';
import { silentLogger, viewsSettled } from '../support/billing-harness.js';
import { startBillingConsumersOf } from '../support/nats.js';
import { uuidv7 } from '../support/requests.js';
import { handComputedRevenue, revenueHistory } from '../support/revenue-history.js';

/** The history's last day: June's figures stand at this moment. */
const now = new Date('2026-06-25T12:00:00.000Z');

const h = startedForFile(() => startBillingConsumersOf(tenancyStream, silentLogger, { now: () => now }));

const revenue = async (query = '', role: 'admin' | 'tenant' = 'admin', path = '/api/admin/billing/revenue') =>
  h.app.inject({
    method: 'GET',
    url: `${path}${query}`,
    headers: await identityHeaders(role),
  });
const revenueCsv = (query = '', role: 'admin' | 'tenant' = 'admin') =>
  revenue(query, role, '/api/admin/billing/revenue/export');

/**
 * The hand-built history (test/support/revenue-history.ts) as it reaches billing: tenancy's events through NATS
 * into the billing-revenue consumer, billing's own invoice events through the event store into the
 * billing.revenue-invoices.v1 projection; then the admin's summary is the hand-computed figures.
 */
describe('GET /api/admin/billing/revenue', () => {
  const history = revenueHistory();

  beforeAll(async () => {
    // Tenants first, as tenancy publishes them: billing's other consumers of the stream need them.
    for (const [name, tenantId] of Object.entries(history.tenants)) {
      await h.nats.publish('tenancy.tenant.created.v1', {
        tenantId,
        name,
        slug: `${name}-${tenantId}`,
        ownerId: uuidv7(),
        status: 'active',
        domainUrl: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    }
    let last = '';
    for (const { type, data } of history.tenancy) last = (await h.nats.publish(type, data)).id;
    for (const { invoiceId, events } of history.invoices) {
      await h.eventStore.append(
        `billing_invoice-${invoiceId}`,
        events.map((event) => ({ id: uuidv7(), ...event, metadata: {} })),
        'no_stream',
      );
    }
    await viewsSettled(h);
    const applied = await eventually(
      async () =>
        (
          await h.pool.query('SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2', [
            billingConsumerNames.revenue,
            last,
          ])
        ).rowCount,
      (count) => count === 1,
      10_000,
    );
    if (applied !== 1) throw new Error('the billing-revenue consumer did not apply the history');
  });

  it("answers the hand-computed figures of the history from tenancy's and billing's events", async () => {
    const response = await revenue('?from=2026-01&to=2026-06');
    expect(response.statusCode, response.body).toBe(200);
    expect(revenueReportSchema.parse(response.json())).toEqual({
      currency: 'usd',
      from: '2026-01',
      to: '2026-06',
      asOf: now.toISOString(),
      months: handComputedRevenue,
    });
  });

  it('answers the 12 months up to the current one by default, from one row per month', async () => {
    const response = await revenue();
    const report = revenueReportSchema.parse(response.json());
    expect([report.from, report.to]).toEqual(['2025-07', '2026-06']);
    expect(report.months.slice(6)).toEqual(handComputedRevenue);
    expect(report.months.slice(0, 6).map(({ mrr, collected }) => mrr + collected)).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    const { rows } = await h.pool.query<{ months: number }>(
      'SELECT (SELECT count(*) FROM revenue_mrr_months) + (SELECT count(*) FROM revenue_invoice_months) AS months',
    );
    expect(Number(rows[0]?.months)).toBe(11);
  });

  it('refuses a month after the current one, a bad month and a range given by half, with the reason', async () => {
    const refusals: [string, string][] = [
      ['?from=2026-05&to=2026-07', 'to must not be after the current month (2026-06)'],
      ['?from=2026-13&to=2026-06', 'A month is written YYYY-MM'],
      ['?from=2026-01', 'from and to must be given together'],
      ['?from=2020-01&to=2026-06', 'The range may span at most 60 months'],
    ];
    for (const [query, message] of refusals) {
      const response = await revenue(query);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(message);
    }
  });

  it('exports the same figures as CSV, one row per month, a ratio with no denominator left empty', async () => {
    const response = await revenueCsv('?from=2026-01&to=2026-06');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="revenue-2026-01-to-2026-06.csv"',
    );
    const [header, ...rows] = response.body.trimEnd().split('\r\n');
    expect(header?.split(',')).toEqual(expect.arrayContaining(['Month', 'MRR', 'Net revenue retention']));
    expect(rows).toHaveLength(handComputedRevenue.length);
    const columns = (header ?? '').split(',');
    handComputedRevenue.forEach((month, index) => {
      const cells = Object.fromEntries(
        (rows[index] ?? '').split(',').map((cell, column) => [columns[column], cell]),
      );
      expect(cells).toMatchObject({
        Month: month.month,
        MRR: String(month.mrr),
        'Churned MRR': String(month.churnedMrr),
        'Net revenue retention': month.netRevenueRetention === null ? '' : String(month.netRevenueRetention),
        Overdue: String(month.overdue),
      });
    });
    expect((await revenueCsv('?from=2026-01')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await revenue('', 'tenant')).statusCode).toBe(403);
    expect((await revenueCsv('', 'tenant')).statusCode).toBe(403);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/admin/billing/revenue' });
    expect(anonymous.statusCode).toBe(401);
  });
});
