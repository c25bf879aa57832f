import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { EventingLogger } from '@app/eventing';
import { dueWork, type RenewalWork } from '../../domain/renewal/due-work.js';
import { remindersDue } from '../../domain/renewal/renewal-reminders.js';
import { createPlanChanges } from '../plan-changes/plan-changes.js';
import { createRenewalCollector, type CollectDeps, type CollectResult } from './collect-renewal.js';
import { announceRenewal, applyScheduledPlanChange, endTerm } from './term-changes.js';
import { issueRenewal } from './issue-renewal.js';
import { createRenewalLease } from './renewal-lease.js';
import { loadRenewalState } from './renewal-state.js';

export interface RenewalRunnerDeps extends CollectDeps {
  pool: pg.Pool;
  logger: EventingLogger;
}

/** What one tick did, by invoice id; `ran` is false when another replica held the lease. */
export interface TickReport {
  ran: boolean;
  issued: string[];
  paid: string[];
  declined: string[];
  overdue: string[];
  /** Subscriptions whose term set to cancel was ended (by subscription id). */
  ended: string[];
  /** Subscriptions whose scheduled downgrade was applied, or whose upgrade charge left in flight was paid. */
  planChanged: string[];
  /** Subscriptions whose coming renewal was announced (README "Renewal reminders"). */
  announced: string[];
  failed: number;
}

/**
 * Renewals and dunning (README "Renewals and dunning"): each tick reads billing's views at the injected clock's
 * `now`, asks dueWork what is due, and does it: issues each due period's invoice and charges it at once, and
 * charges the retries and later-anniversary attempts that have come due, applies the downgrades scheduled for
 * the renewals that have come, and finishes upgrade charges cut short. A step that throws (the provider
 * unreachable, say) is logged and left for the next tick, which finds it due again or resumes it. A term set to
 * cancel that has run out is ended instead of renewed. Then it announces each renewal 3 days or less away.
 */
export function createRenewalRunner(deps: RenewalRunnerDeps) {
  const { pool, logger, now } = deps;
  const collector = createRenewalCollector(deps);
  const planChanges = createPlanChanges(deps);
  const exclusively = createRenewalLease(pool);

  async function perform(work: RenewalWork, report: TickReport): Promise<void> {
    if (work.kind === 'collect') {
      record(work.invoiceId, (await collector.collect(work)).result, report);
      return;
    }
    if (work.kind === 'end') {
      if (await endTerm(deps, work)) report.ended.push(work.subscriptionId);
      return;
    }
    if (work.kind === 'switch') {
      if (await applyScheduledPlanChange(deps, work)) report.planChanged.push(work.subscriptionId);
      return;
    }
    if (work.kind === 'finish-upgrade') {
      const finished = await planChanges.finishUpgrade(work.subscriptionId);
      if (finished?.outcome === 'changed') report.planChanged.push(work.subscriptionId);
      return;
    }
    const { invoiceId, issued } = await issueRenewal(deps, work);
    if (issued) report.issued.push(invoiceId);
    // A renewal's first attempt is due when it is issued.
    const first = { invoiceId, attempt: 1, payer: work.subscription.payer, plan: work.subscription.plan };
    record(invoiceId, (await collector.collect(first)).result, report);
  }

  function record(invoiceId: string, result: CollectResult, report: TickReport): void {
    if (result === 'paid') report.paid.push(invoiceId);
    else if (result === 'declined') report.declined.push(invoiceId);
    else if (result === 'overdue') report.overdue.push(invoiceId);
  }

  async function tick(): Promise<TickReport> {
    const report: TickReport = {
      ran: false,
      issued: [],
      paid: [],
      declined: [],
      overdue: [],
      ended: [],
      planChanged: [],
      announced: [],
      failed: 0,
    };
    await exclusively(async (lease) => {
      report.ran = true;
      const at = now();
      const { subscriptions, invoices } = await loadRenewalState(pool, deps.provider.name, at, deps.policy);
      const steps = [
        ...dueWork(at, subscriptions, invoices, deps.policy).map((work) => ({
          kind: work.kind,
          subscriptionId: work.subscriptionId,
          run: () => perform(work, report),
        })),
        ...remindersDue(at, subscriptions, deps.policy).map((reminder) => ({
          kind: 'announce',
          subscriptionId: reminder.subscriptionId,
          run: async () => {
            if (await announceRenewal(deps, reminder)) report.announced.push(reminder.subscriptionId);
          },
        })),
      ];
      for (const step of steps) {
        // Renewed before each step: a long tick keeps its lease, and one that stalled past it stops here
        // rather than charge beside the replica that took over.
        await lease.confirm();
        try {
          await step.run();
        } catch (error) {
          report.failed += 1;
          logger.error(
            { err: error, work: step.kind, subscriptionId: step.subscriptionId },
            'renewal step failed; the next tick tries again',
          );
        }
      }
    });
    return report;
  }

  return {
    tick,
    /** Ticks now and then every `tickMs` until stopped; stop() waits for a tick in progress. */
    start(tickMs: number): { stop(): Promise<void> } {
      const stopping = new AbortController();
      const loop = (async () => {
        while (!stopping.signal.aborted) {
          try {
            const report = await tick();
            const acted = report.issued.length + report.paid.length + report.declined.length;
            const changed = report.ended.length + report.planChanged.length + report.announced.length;
            if (acted + changed + report.failed > 0) {
              logger.info(summary(report), 'renewal tick');
            }
          } catch (error) {
            logger.error({ err: error }, 'renewal tick failed; the next one tries again');
          }
          await delay(tickMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        }
      })();
      return {
        async stop() {
          stopping.abort();
          await loop;
        },
      };
    },
  };
}

function summary(report: TickReport) {
  return {
    issued: report.issued.length,
    paid: report.paid.length,
    declined: report.declined.length,
    overdue: report.overdue.length,
    ended: report.ended.length,
    planChanged: report.planChanged.length,
    announced: report.announced.length,
    failed: report.failed,
  };
}

export type RenewalRunner = ReturnType<typeof createRenewalRunner>;
