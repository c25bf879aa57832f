// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@app/contracts';
import { json } from '@app/test-support/web';
import { cardTitled } from '../support/cards.js';
import { aTenant } from '../support/fixtures.js';
import { renderTenantDetails, stubTenantDetails } from '../support/tenant-details.js';

describe('the Activity card of tenant details (issue 21)', () => {
  it("lists the tenant's latest entries, and links to the whole trail filtered to it", async () => {
    const tenant = aTenant({ name: 'Acme Corp' });
    const revealed: AuditEntry = {
      id: crypto.randomUUID(),
      occurredAt: '2026-11-20T14:30:00.000Z',
      action: 'tenant.credential-revealed',
      actor: { type: 'user', id: crypto.randomUUID(), name: 'Alex Admin', role: 'admin', onBehalfOf: null },
      entity: { type: 'tenant', id: tenant.id, label: 'Acme Corp' },
      tenantId: tenant.id,
      changes: [{ field: 'DNS Server password', secret: 'revealed' }],
    };
    const api = stubTenantDetails(tenant, {}, { 'GET /api/admin/audit?*': () => json([revealed]) });
    renderTenantDetails(tenant.id);

    const list = await screen.findByRole('list', { name: 'Latest activity' });
    const [row, ...others] = Array.from(list.querySelectorAll(':scope > li'));
    expect(others).toHaveLength(0);
    expect(row).toHaveTextContent('Provider password revealed');
    expect(row).toHaveTextContent('DNS Server password revealed by Alex Admin');
    expect(api.calls.map((call) => call.url)).toContain(`/api/admin/audit?limit=5&tenantId=${tenant.id}`);
    expect(cardTitled('Activity').getByRole('link', { name: 'View all activity' })).toHaveAttribute(
      'href',
      `/admin-activity?tenantId=${tenant.id}`,
    );
    expect(cardTitled('Activity').queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
