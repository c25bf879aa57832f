import { createProductBodySchema } from '@app/contracts';
import { IllegalStateError } from '@app/domain';
import type { ProductCommands } from '../application/product-commands.js';
import { demoProducts } from '@app/demo-fixtures';

export interface SeedReport {
  created: string[];
  alreadyPresent: string[];
}

/** Creates each demo product unless its stream already exists; safe to run on every start. */
export async function seedDemoProducts(commands: ProductCommands): Promise<SeedReport> {
  const report: SeedReport = { created: [], alreadyPresent: [] };
  for (const { id, body } of demoProducts) {
    try {
      await commands.create(createProductBodySchema.parse(body), { metadata: { actorId: 'seed' } }, id);
      report.created.push(body.slug);
    } catch (error) {
      if (!(error instanceof IllegalStateError)) throw error;
      report.alreadyPresent.push(body.slug);
    }
  }
  return report;
}
