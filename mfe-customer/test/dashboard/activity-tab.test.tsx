// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@app/contracts';
import { pagedList } from '@app/test-support/web';
import { renderDashboard } from './render.js';

function anEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: crypto.randomUUID(),
    occurredAt: '2026-11-20T14:30:00.000Z',
    action: 'subscription.status-changed',
    actor: { kind: 'support', name: 'Support' },
    entity: { type: 'subscription', id: crypto.randomUUID(), label: 'Bank Connect' },
    tenantId: crypto.randomUUID(),
    changes: [{ field: 'Status', before: 'active', after: 'suspended' }],
    ...overrides,
  };
}

const bySupport = anEntry();
const revealed = anEntry({
  action: 'tenant.credential-revealed',
  entity: { type: 'tenant', id: crypto.randomUUID(), label: 'Casey Studio' },
  changes: [{ field: 'DNS Server password', secret: 'revealed' }],
});
const mine = anEntry({
  action: 'user.password-set',
  actor: { kind: 'you', name: 'You' },
  entity: { type: 'user', id: crypto.randomUUID(), label: 'Casey Jordan' },
  tenantId: null,
  changes: [{ field: 'Password', secret: 'changed' }],
});
const trail = [bySupport, revealed, mine];

/** The entries, not the changes listed inside each. */
const entriesOf = (list: HTMLElement) => Array.from(list.querySelectorAll<HTMLElement>(':scope > li'));

describe("the customer dashboard's Activity tab (issue 21)", () => {
  it('lists their trail newest first, admins as Support, secrets only as changed or revealed', async () => {
    const user = userEvent.setup();
    const api = renderDashboard({ more: { 'GET /api/activity': pagedList(trail) } });
    expect(api.calls.some((call) => call.url.startsWith('/api/activity'))).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const rows = entriesOf(await screen.findByRole('list', { name: 'Activity' }));
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!).getByRole('heading', { name: 'Subscription status changed' }),
    ).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('by Support');
    expect(rows[0]).toHaveTextContent('Subscription: Bank Connect');
    expect(rows[0]).toHaveTextContent('Status: active → suspended');
    expect(rows[1]).toHaveTextContent('DNS Server password revealed by Support');
    expect(rows[2]).toHaveTextContent('by You');
    expect(rows[2]).toHaveTextContent('Password changed');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/activity/export');
  });

  it('filters by type, on the server, and exports that view', async () => {
    const user = userEvent.setup();
    const api = renderDashboard({
      more: {
        'GET /api/activity': pagedList(trail),
        'GET /api/activity?*': pagedList((query) =>
          trail.filter((entry) => entry.entity.type === query.get('entityType')),
        ),
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    await screen.findByRole('list', { name: 'Activity' });
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.queryByRole('option', { name: 'Product' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Tenant' }));
    await waitFor(() => expect(entriesOf(screen.getByRole('list', { name: 'Activity' }))).toHaveLength(1));
    expect(api.calls.map((call) => call.url)).toContain('/api/activity?entityType=tenant');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/activity/export?entityType=tenant',
    );
  });

  it('says when there is nothing yet', async () => {
    const user = userEvent.setup();
    renderDashboard({ more: { 'GET /api/activity': pagedList([]) } });
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });
});
