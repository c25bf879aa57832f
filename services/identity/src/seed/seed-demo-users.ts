import { IllegalStateError } from '@app/domain';
import type { UserCommands } from '../application/user-commands.js';
import { demoAccounts } from '@app/demo-fixtures';

export interface SeedReport {
  created: string[];
  alreadyPresent: string[];
}

/**
 * Registers each demo account unless its stream already exists; safe to run on every start. Passwords are not
 * set here (identity's credentials code does that with each account's `demoPassword`).
 */
export async function seedDemoUsers(commands: UserCommands): Promise<SeedReport> {
  const report: SeedReport = { created: [], alreadyPresent: [] };
  for (const { id, email, firstName, lastName, role } of demoAccounts) {
    try {
      await commands.register(
        { email, firstName, lastName, role, registeredVia: 'seed' },
        { metadata: { actorId: 'seed' } },
        id,
      );
      report.created.push(email);
    } catch (error) {
      if (!(error instanceof IllegalStateError)) throw error;
      report.alreadyPresent.push(email);
    }
  }
  return report;
}
