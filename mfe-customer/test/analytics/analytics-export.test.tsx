// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@app/test-support/web';
import { aSubscription, aUsageRecord, anInvoice } from '../support/fixtures.js';
import { card, last7Days, renderAnalytics } from './render.js';

/** Records what the page hands the browser to download: the Blob, and the link clicked to save it. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const links: { href: string; download: string; attached: boolean }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:analytics-${blobs.length}`;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.href, download: this.download, attached: this.isConnected });
  });
  return { blobs, links, revoke };
}

describe('Export', () => {
  it('downloads the numbers on screen as CSV, named after the range', async () => {
    const { blobs, links, revoke } = captureDownloads();
    renderAnalytics({
      usage: () => json([]),
      invoices: () =>
        json([
          anInvoice({ createdAt: '2026-10-23T10:00:00.000Z', amount: 1000 }),
          anInvoice({ createdAt: '2026-11-18T10:00:00.000Z', amount: 49.5 }),
        ]),
      subscriptions: () => json([aSubscription(), aSubscription({ status: 'suspended' })]),
      more: { [last7Days]: () => json([aUsageRecord(3, '2026-11-16'), aUsageRecord(1200, '2026-11-22')]) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await card('API Calls').findByText('1,203')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));

    expect(links).toEqual([
      { href: 'blob:analytics-1', download: 'analytics-2026-11-16-to-2026-11-22.csv', attached: true },
    ]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect((await blobs[0]?.text())?.split('\r\n')).toEqual([
      'Section,Item,Value',
      'Range,From,2026-11-16',
      'Range,To,2026-11-22',
      'Summary,Total Revenue (USD),49.50',
      'Summary,Active Users,1',
      'Summary,API Calls,1203',
      'Summary,Success Rate,Not measured yet',
      'Summary,Usage Records,2',
      'API calls per day,2026-11-16,3',
      'API calls per day,2026-11-17,0',
      'API calls per day,2026-11-18,0',
      'API calls per day,2026-11-19,0',
      'API calls per day,2026-11-20,0',
      'API calls per day,2026-11-21,0',
      'API calls per day,2026-11-22,1200',
      'Spend per month (USD),2026-11,49.50',
      '',
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:analytics-1'));
  });
});
