// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AnalyticsPage } from '../../src/screens/analytics/analytics-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never } from '@app/test-support/web';
import { aSubscription, aUsageRecord, anInvoice } from '../support/fixtures.js';
import { card, last30Days, last7Days, renderAnalytics } from './render.js';

describe('Analytics Dashboard', () => {
  it("shows the customer's own figures for the last 30 days", async () => {
    const { calls } = renderAnalytics({
      usage: () => json([aUsageRecord(1200, '2026-10-24'), aUsageRecord(34, '2026-11-22')]),
      invoices: () =>
        json([
          anInvoice({ createdAt: '2026-10-23T23:59:59.000Z', amount: 500 }),
          anInvoice({ createdAt: '2026-10-25T10:00:00.000Z', amount: 49.5 }),
          anInvoice({ createdAt: '2026-11-01T10:00:00.000Z', amount: 99, status: 'pending' }),
        ]),
      subscriptions: () => json([aSubscription(), aSubscription({ status: 'trial' }), aSubscription()]),
    });

    expect(screen.getByRole('heading', { name: 'Analytics Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await card('Total Revenue').findByText('$148.50')).toBeInTheDocument();
    expect(card('Total Revenue').getByText('Invoiced to you in the last 30 days')).toBeInTheDocument();
    expect(await card('API Calls').findByText('1,234')).toBeInTheDocument();
    expect(await card('Active Users').findByText('2')).toBeInTheDocument();
    expect(card('Active Users').getByText('Your subscriptions active now')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(last30Days);
  });

  it("keeps SPEC.md's four stat card labels, in its order, with the customer's figures beneath", () => {
    renderAnalytics();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 4)).toEqual(['Total Revenue', 'Active Users', 'API Calls', 'Success Rate']);
  });

  it('lists the chart numbers in tables for screen readers', async () => {
    renderAnalytics({
      usage: () => json([aUsageRecord(34, '2026-11-22')]),
      invoices: () => json([anInvoice({ createdAt: '2026-10-25T10:00:00.000Z', amount: 49.5 })]),
    });

    const chart = await screen.findByRole('img', {
      name: 'API calls per day, last 30 days: 34 calls in total',
    });
    expect(chart.querySelector('svg')).not.toBeNull();
    const calls = screen.getByRole('table', { name: 'API calls per day' });
    expect(within(calls).getAllByRole('row')).toHaveLength(31);
    expect(within(calls).getByRole('row', { name: 'Oct 24, 2026 0' })).toBeInTheDocument();
    expect(within(calls).getByRole('row', { name: 'Nov 22, 2026 34' })).toBeInTheDocument();

    expect(
      screen.getByRole('img', { name: 'Spend per month, last 30 days: $49.50 in total' }),
    ).toBeInTheDocument();
    const spend = screen.getByRole('table', { name: 'Spend per month' });
    expect(within(spend).getByRole('row', { name: 'Oct 2026 $49.50' })).toBeInTheDocument();
    expect(within(spend).getByRole('row', { name: 'Nov 2026 $0.00' })).toBeInTheDocument();
  });

  it('states the recent activity counts', async () => {
    renderAnalytics({
      usage: () => json([aUsageRecord(3, '2026-11-21'), aUsageRecord(4, '2026-11-22')]),
      subscriptions: () => json([aSubscription()]),
    });
    const items = await card('Recent Activity').findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2 usage records in the last 30 days',
      '1 active subscription',
    ]);
  });

  it('says so when there is no data yet, instead of drawing empty charts', async () => {
    renderAnalytics({ subscriptions: () => json([aSubscription({ status: 'cancelled' })]) });
    expect(await screen.findByText('No activity data yet')).toBeInTheDocument();
    expect(screen.getByText('No API calls in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('No invoices in the last 30 days.')).toBeInTheDocument();
    expect(card('Total Revenue').getByText('$0.00')).toBeInTheDocument();
    expect(card('Active Users').getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('does not invent a success rate: nothing measures it', async () => {
    renderAnalytics();
    expect(card('Success Rate').getByText('Not measured yet')).toBeInTheDocument();
    expect(
      card('Success Rate').getByText('API calls are counted, but not whether they succeeded.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No activity data yet')).toBeInTheDocument();
  });

  it('shows placeholders while the reads load, and cannot export yet', () => {
    renderAnalytics({ usage: never, invoices: never, subscriptions: never });
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics...');
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(card('Total Revenue').queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.queryByText('No activity data yet')).not.toBeInTheDocument();
  });

  it("shows a failed read's message and keeps what did load", async () => {
    renderAnalytics({
      usage: () => new Response('usage store down', { status: 503, statusText: 'Service Unavailable' }),
      invoices: () => json([anInvoice({ createdAt: '2026-11-02T10:00:00.000Z', amount: 20 })]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Usage could not be loaded: 503: usage store down',
    );
    expect(card('API Calls').getByText('Unavailable')).toBeInTheDocument();
    expect(card('Recent Activity').getByText('Unavailable')).toBeInTheDocument();
    expect(await card('Total Revenue').findByText('$20.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('asks for the new range when another is picked', async () => {
    const { callsTo } = renderAnalytics({
      usage: () => json([aUsageRecord(100, '2026-10-30'), aUsageRecord(7, '2026-11-20')]),
      invoices: () =>
        json([
          anInvoice({ createdAt: '2026-10-30T10:00:00.000Z', amount: 10 }),
          anInvoice({ createdAt: '2026-11-20T10:00:00.000Z', amount: 5 }),
        ]),
      more: { [last7Days]: () => json([aUsageRecord(7, '2026-11-20')]) },
    });
    expect(await card('API Calls').findByText('107')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));

    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(await card('API Calls').findByText('7')).toBeInTheDocument();
    expect(card('API Calls').getByText('Last 7 days')).toBeInTheDocument();
    expect(card('Total Revenue').getByText('$5.00')).toBeInTheDocument();
    expect(callsTo(last7Days)).toHaveLength(1);
    expect(callsTo('/api/invoices?limit=200')).toHaveLength(1);
  });

  it('is the screen the shell mounts on /analytics', async () => {
    expect(await screens['analytics']?.()).toBe(AnalyticsPage);
    expect(standalonePaths['analytics']).toBe('/analytics');
  });
});
