import type pg from 'pg';
import type { Tenant } from '@app/contracts';
import { readModelRow, type CommandView } from '@app/service-kit';
import type { TenantCommandResult } from '../application/tenant-commands.js';
import { tenantView } from '../application/tenant-view.js';
import { findTenant } from '../projections/tenant-queries.js';

/**
 * How a tenant command is shown (replyAfterCommand): the read model's row once it has the command, which also
 * holds what other streams taught it (subscription counters, owner), else the command's own state.
 */
export function tenantViewAfter(db: pg.Pool, result: TenantCommandResult): CommandView<Tenant> {
  const state = result.state;
  if (state.status === 'absent') throw new Error('A tenant command left no tenant to show');
  return {
    fromReadModel: readModelRow(
      () => findTenant(db, result.tenantId),
      (found) => found.tenant,
    ),
    fromState: () => tenantView(state),
  };
}
