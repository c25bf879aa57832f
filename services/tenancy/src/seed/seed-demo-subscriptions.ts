import type pg from 'pg';
import { ConflictError, IllegalStateError, ValidationError } from '@app/domain';
import {
  aggregateStore,
  comparePositions,
  type CheckpointWatcher,
  type CommandOptions,
  type EventStore,
  type Position,
} from '@app/eventing';
import type { SubscriptionCommands } from '../application/subscription-commands.js';
import { subscriptions } from '../application/subscriptions.js';
import { demoSubscriptions, type DemoSubscription } from '@app/demo-fixtures';
import { productCopiesPresent, projectionsReached, tenantsVisible } from './read-models-ready.js';

export interface SubscriptionSeedReport {
  created: string[];
  alreadyPresent: string[];
  /** Refused by a rule (an admin deactivated the product, or gave the tenant one of its own): not forced. */
  skipped: Array<{ id: string; reason: string }>;
}

export interface SubscriptionSeedDeps {
  commands: SubscriptionCommands;
  eventStore: EventStore;
  /** Tenancy's pool: the product copies are read from it. */
  db: pg.Pool;
  /** The running service's projections, watched through their checkpoints (watchCheckpoints). */
  readModels: CheckpointWatcher;
  /** Bound of each wait (tenants, product copies, the seeded subscriptions in the list); default 20 s. */
  timeoutMs?: number;
  /** Where the demo tenant app runs; default demoTenantAppUrl. */
  tenantAppUrl?: string;
}

const options: CommandOptions = { metadata: { actorId: 'seed' } };

/**
 * Gives the demo tenants their subscriptions: started through the same use case as the admin's dialog, then
 * cancelled or given an endpoint where the demo wants it. A subscription whose stream exists is left as it is
 * (an admin may have changed it), so a rerun only checks the streams and waits for nothing.
 */
export async function seedDemoSubscriptions(deps: SubscriptionSeedDeps): Promise<SubscriptionSeedReport> {
  const { eventStore, db, readModels, timeoutMs = 20_000 } = deps;
  const report: SubscriptionSeedReport = { created: [], alreadyPresent: [], skipped: [] };
  const missing: DemoSubscription[] = [];
  for (const subscription of pointedAt(deps.tenantAppUrl)) {
    const { state } = await aggregateStore(eventStore, subscriptions).read(subscription.id);
    if (state.status === 'absent') missing.push(subscription);
    else report.alreadyPresent.push(subscription.id);
  }
  if (missing.length === 0) return report;

  await tenantsVisible(
    db,
    missing.map((subscription) => subscription.tenantId),
    timeoutMs,
  );
  await productCopiesPresent(
    db,
    missing.map((subscription) => subscription.productId),
    timeoutMs,
  );
  let furthest: Position | null = null;
  for (const subscription of missing) {
    const outcome = await seedOne(deps.commands, subscription);
    if (outcome.kind === 'created') report.created.push(subscription.id);
    else if (outcome.kind === 'alreadyPresent') report.alreadyPresent.push(subscription.id);
    else report.skipped.push({ id: subscription.id, reason: outcome.reason });
    if (outcome.kind === 'created' && (!furthest || comparePositions(outcome.position, furthest) > 0)) {
      furthest = outcome.position;
    }
  }
  // The launcher starts the gateway next: the admin's first look should already list them all.
  if (furthest) await projectionsReached(readModels, furthest, timeoutMs);
  return report;
}

type Outcome =
  { kind: 'created'; position: Position } | { kind: 'alreadyPresent' } | { kind: 'skipped'; reason: string };

async function seedOne(commands: SubscriptionCommands, subscription: DemoSubscription): Promise<Outcome> {
  const { id, tenantId, productId, plan, status, endpoint } = subscription;
  const results = [];
  try {
    results.push(
      await commands.start(
        tenantId,
        { productId, plan, status: status === 'cancelled' ? 'active' : status },
        options,
        id,
      ),
    );
  } catch (error) {
    // Another run started it since this one looked.
    if (error instanceof IllegalStateError) return { kind: 'alreadyPresent' };
    if (error instanceof ConflictError || error instanceof ValidationError) {
      return { kind: 'skipped', reason: error.message };
    }
    throw error;
  }
  if (status === 'cancelled') results.push(await commands.changeStatus(id, 'cancelled', options));
  if (endpoint) results.push(await commands.configureEndpoint(id, endpoint, options));
  // One stream, commands in turn: the last that appended holds the furthest position.
  const position = results.findLast((result) => result.position !== null)?.position;
  if (!position) throw new Error(`starting demo subscription ${id} appended nothing`);
  return { kind: 'created', position };
}

/** The demo subscriptions with their endpoints at `tenantAppUrl` (where `npm start` runs the demo app), if given. */
function pointedAt(tenantAppUrl: string | undefined): readonly DemoSubscription[] {
  if (tenantAppUrl === undefined) return demoSubscriptions;
  return demoSubscriptions.map((subscription) =>
    subscription.endpoint
      ? { ...subscription, endpoint: { ...subscription.endpoint, domainUrl: tenantAppUrl } }
      : subscription,
  );
}
