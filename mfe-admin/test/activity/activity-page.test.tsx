// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@app/contracts';
import { pagedList, renderScreen, stubApi, type Responder } from '@app/test-support/web';
import { ActivityPage } from '../../src/screens/activity/activity-page.js';
import { screens } from '../../src/routes.js';

const admin = { id: '0193c3a4-0000-7000-8000-00000000a001', name: 'Alex Admin' };
const tenantId = '0193c3a4-0000-7000-8000-0000000000b1';

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: crypto.randomUUID(),
    occurredAt: '2026-11-20T14:30:00.000Z',
    action: 'product.updated',
    actor: { type: 'user', id: admin.id, name: admin.name, role: 'admin', onBehalfOf: null },
    entity: { type: 'product', id: crypto.randomUUID(), label: 'Open Banking Connect' },
    tenantId: null,
    changes: [{ field: 'Base price', before: '$149.00', after: '$159.00' }],
    ...overrides,
  };
}

const renamed = anEntry({
  action: 'tenant.renamed',
  entity: { type: 'tenant', id: tenantId, label: 'Acme Corp' },
  tenantId,
  changes: [{ field: 'Name', before: 'Acme', after: 'Acme Corp' }],
});
const revealed = anEntry({
  action: 'tenant.credential-revealed',
  entity: { type: 'tenant', id: tenantId, label: 'Acme Corp' },
  tenantId,
  changes: [{ field: 'DNS Server password', secret: 'revealed' }],
});
const renewal = anEntry({
  action: 'invoice.issued',
  actor: { type: 'system', id: 'billing-renewals', name: 'billing-renewals', role: null, onBehalfOf: null },
  entity: { type: 'invoice', id: crypto.randomUUID(), label: 'INV-000042' },
  tenantId,
  changes: [{ field: 'Amount', before: null, after: '$49.00' }],
});

function open(path: string, trail: Responder) {
  const api = stubApi({ 'GET /api/admin/audit?*': trail, 'GET /api/admin/audit': trail });
  renderScreen(<ActivityPage />, path, { route: '/admin-activity' });
  return api;
}

const auditCalls = (api: ReturnType<typeof open>) =>
  api.calls.filter((call) => call.url.startsWith('/api/admin/audit')).map((call) => call.url);
/** The entries, not the changes listed inside each. */
const rows = async () =>
  Array.from(
    (await screen.findByRole('list', { name: 'Activity' })).querySelectorAll<HTMLElement>(':scope > li'),
  );
const location = () => screen.getByTestId('location').textContent;

describe('the Activity screen (issue 21)', () => {
  it('shows who did what, when, to what, with each change before and after, and a secret only as revealed', async () => {
    open('/admin-activity', pagedList([renamed, revealed, renewal]));
    const [first, second, third] = await rows();
    if (!first || !second || !third) throw new Error('expected three entries');
    expect(within(first).getByRole('heading', { name: 'Tenant renamed' })).toBeInTheDocument();
    expect(first).toHaveTextContent('by Alex Admin');
    expect(first).toHaveTextContent('Tenant: Acme Corp');
    expect(within(first).getByText('Acme', { selector: 'del' })).toBeInTheDocument();
    expect(within(first).getByText('Acme Corp', { selector: 'ins' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View Details of Acme Corp' })).toHaveAttribute(
      'href',
      `/tenant-details/${tenantId}`,
    );
    expect(within(first).getByText('admin')).toBeInTheDocument();
    expect(first.querySelector('time')).toHaveAttribute('dateTime', renamed.occurredAt);

    expect(second).toHaveTextContent('DNS Server password revealed by Alex Admin');
    expect(third).toHaveTextContent('by billing-renewals');
    expect(within(third).getByText('system')).toBeInTheDocument();
    expect(within(third).queryByRole('link', { name: /View Details/ })).toBeNull();
    expect(await screens.activity?.()).toBe(ActivityPage);
  });

  it('reads the filters from the address and exports exactly that view', async () => {
    const api = open(
      `/admin-activity?tenantId=${tenantId}&action=tenant.renamed&from=2026-11-01T00:00:00.000Z`,
      pagedList([renamed]),
    );
    await rows();
    expect(auditCalls(api)).toEqual([
      `/api/admin/audit?action=tenant.renamed&from=2026-11-01T00%3A00%3A00.000Z&tenantId=${tenantId}`,
    ]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/audit/export?action=tenant.renamed&from=2026-11-01T00%3A00%3A00.000Z&tenantId=${tenantId}`,
    );
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('Tenant renamed');
    expect(screen.getByText('Tenant Acme Corp and what is in it')).toBeInTheDocument();
  });

  it('narrows the trail to an actor or an entity when its name is pressed, and clears the filters again', async () => {
    const user = userEvent.setup();
    const api = open(
      '/admin-activity',
      pagedList((query) =>
        [renamed, revealed, renewal].filter(
          (entry) =>
            (query.get('actorId') === null || entry.actor.id === query.get('actorId')) &&
            (query.get('entityId') === null || entry.entity.id === query.get('entityId')),
        ),
      ),
    );
    const [, , third] = await rows();
    if (!third) throw new Error('expected three entries');
    await user.click(within(third).getByRole('button', { name: 'Only entries by billing-renewals' }));
    await waitFor(() => expect(location()).toBe('/admin-activity?actorId=billing-renewals'));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.getByText('By billing-renewals')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/admin-activity'));
    const [first] = await rows();
    if (!first) throw new Error('expected entries');
    await user.click(within(first).getByRole('button', { name: 'Only entries about Acme Corp' }));
    await waitFor(() => expect(location()).toBe(`/admin-activity?entityType=tenant&entityId=${tenantId}`));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(auditCalls(api)).toContain(`/api/admin/audit?entityId=${tenantId}&entityType=tenant`);
  });

  it('chooses an entity type and only that type’s actions, and a range of whole days', async () => {
    const user = userEvent.setup();
    open('/admin-activity', pagedList([renamed]));
    await rows();
    await user.click(screen.getByRole('combobox', { name: 'Entity type' }));
    await user.click(await screen.findByRole('option', { name: 'Invoice' }));
    await waitFor(() => expect(location()).toBe('/admin-activity?entityType=invoice'));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const actions = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(actions[0]).toBe('All actions');
    expect(actions).toContain('Invoice overdue');
    expect(actions).not.toContain('Tenant renamed');
    await user.keyboard('{Escape}');

    await user.type(screen.getByLabelText('From'), '2026-11-03');
    await waitFor(() => expect(new URLSearchParams(location()?.split('?')[1]).get('from')).not.toBeNull());
    const from = new URLSearchParams(location()?.split('?')[1]).get('from') ?? '';
    expect(new Date(from).getDate()).toBe(3);
    expect(new Date(from).getHours()).toBe(0);
  });

  it('keeps every change made before the screen renders again, each starting from the one before', async () => {
    open('/admin-activity?action=tenant.renamed', pagedList([renamed]));
    await rows();
    // Two fields changed in one go, as a fast browser does: the router renders the new address only later.
    act(() => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-03' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-05' } });
    });
    await waitFor(() => {
      const search = new URLSearchParams(location()?.split('?')[1]);
      expect([search.get('action'), search.get('from') !== null, search.get('to') !== null]).toEqual([
        'tenant.renamed',
        true,
        true,
      ]);
    });
  });

  it('reads the next page when Load more is pressed, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 60 }, (_, index) =>
      anEntry({ entity: { type: 'product', id: crypto.randomUUID(), label: `Product ${index}` } }),
    );
    const api = open('/admin-activity', pagedList(many));
    await rows();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(auditCalls(api)).toHaveLength(2));
    expect(auditCalls(api)[1]).toBe('/api/admin/audit?cursor=at50');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says so when no entry matches the filters', async () => {
    open('/admin-activity?action=product.deleted', pagedList([]));
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
  });
});
