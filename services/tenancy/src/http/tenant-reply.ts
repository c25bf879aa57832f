import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Tenant } from '@app/contracts';
import { settleCommand, type ReadYourWrites } from '@app/service-kit';
import type { TenantCommandResult } from '../application/tenant-commands.js';
import { tenantView } from '../application/tenant-view.js';
import { findTenant } from '../projections/tenant-queries.js';

export interface TenantReplyOptions {
  db: pg.Pool;
  projections: ReadYourWrites;
  readYourWritesTimeoutMs: number;
}

/**
 * Answers a tenant command with its ETag once the read model shows it, and with the read model's row, which
 * also holds what other streams taught it (subscription counters, owner). Only when the view lags does the
 * answer come from the command's own state.
 */
export async function tenantAfterCommand(
  reply: FastifyReply,
  options: TenantReplyOptions,
  result: TenantCommandResult,
): Promise<Tenant> {
  if (result.state.status === 'absent') throw new Error('A tenant command left no tenant to show');
  const caughtUp = await settleCommand(reply, options.projections, result, options.readYourWritesTimeoutMs);
  const row = caughtUp ? await findTenant(options.db, result.tenantId) : null;
  return row && row.revision === result.revision ? row.tenant : tenantView(result.state);
}
