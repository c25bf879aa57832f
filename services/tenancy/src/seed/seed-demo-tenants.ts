import { IllegalStateError } from '@app/domain';
import type { TenantCommands } from '../application/tenant-commands.js';
import { demoTenants } from '@app/demo-fixtures';

export interface SeedReport {
  created: string[];
  alreadyPresent: string[];
}

/**
 * Creates each demo tenant unless its stream already exists, then gives it its domain and credentials; a
 * tenant already present is left as it is (an admin may have changed it). Safe to run on every start.
 */
export async function seedDemoTenants(commands: TenantCommands): Promise<SeedReport> {
  const report: SeedReport = { created: [], alreadyPresent: [] };
  const options = { metadata: { actorId: 'seed' } };
  for (const tenant of demoTenants) {
    try {
      await commands.createTenant({ name: tenant.name, ownerId: tenant.ownerId }, options, tenant.id);
    } catch (error) {
      if (!(error instanceof IllegalStateError)) throw error;
      report.alreadyPresent.push(tenant.name);
      continue;
    }
    await commands.patchTenant(tenant.id, tenant.details, options);
    report.created.push(tenant.name);
  }
  return report;
}
