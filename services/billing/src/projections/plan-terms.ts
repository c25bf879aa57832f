import { foldedProjection } from '@app/eventing';
import { terms } from '../application/terms.js';
import { termEventTypes, type TermEvent } from '../domain/term/events.js';

/** A plan_terms row as the projection keeps it; names follow the table's columns. */
type PlanTermRow = {
  subscription_id: string;
  plan: string | null;
  amount_cents: number | null;
  changed_at: string | null;
  scheduled_plan: string | null;
  scheduled_amount_cents: number | null;
  scheduled_effective_at: string | null;
  upgrade_started_at: string | null;
  upgrade_awaiting_since: string | null;
  announced_renewal_at: string | null;
};

const noPlanTerms = (subscriptionId: string): PlanTermRow => ({
  subscription_id: subscriptionId,
  plan: null,
  amount_cents: null,
  changed_at: null,
  scheduled_plan: null,
  scheduled_amount_cents: null,
  scheduled_effective_at: null,
  upgrade_started_at: null,
  upgrade_awaiting_since: null,
  announced_renewal_at: null,
});

const noneScheduled = { scheduled_plan: null, scheduled_amount_cents: null, scheduled_effective_at: null };

/**
 * The `plan_terms` read model (migrations/309_plan_terms.sql, 312, 313): per subscription, the plan and price of the
 * last change billing made, a downgrade scheduled for the next renewal, an upgrade charge in flight, and the latest
 * renewal announced (README "Renewal reminders"), folded from billing's term streams as the term aggregate evolves
 * them (domain/term/term.ts). A batch is folded in memory and written in one statement (@app/eventing
 * foldedProjection).
 */
export const planTermsProjection = foldedProjection<PlanTermRow, TermEvent>({
  name: 'billing.plan-terms.v1',
  eventTypes: termEventTypes,
  table: 'plan_terms',
  key: ['subscription_id'],
  columns: [
    'subscription_id',
    'plan',
    'amount_cents',
    'changed_at',
    'scheduled_plan',
    'scheduled_amount_cents',
    'scheduled_effective_at',
    'upgrade_started_at',
    'upgrade_awaiting_since',
    'announced_renewal_at',
  ],
  decode: (recorded) => terms.decode(recorded),
  rowKeyOf: (event) => ({ subscription_id: event.data.subscriptionId }),
  fold: (row, event) => foldPlanTerm(row ?? noPlanTerms(event.data.subscriptionId), event),
  async reset(tx) {
    await tx.query('TRUNCATE plan_terms');
  },
});

function foldPlanTerm(row: PlanTermRow, event: TermEvent): PlanTermRow {
  switch (event.type) {
    case 'TermEnded':
    case 'PlanChangeWithdrawn':
      return { ...row, ...noneScheduled };
    case 'PlanChangeScheduled': {
      const { plan, amountCents, effectiveAt } = event.data;
      return {
        ...row,
        scheduled_plan: plan,
        scheduled_amount_cents: amountCents,
        scheduled_effective_at: effectiveAt,
      };
    }
    case 'UpgradeStarted':
      return { ...row, upgrade_started_at: event.data.startedAt, upgrade_awaiting_since: null };
    case 'UpgradeAwaitingAuthentication':
      return { ...row, upgrade_awaiting_since: event.data.awaitingSince };
    case 'UpgradeDeclined':
      return { ...row, upgrade_started_at: null, upgrade_awaiting_since: null };
    case 'PlanChanged': {
      const { plan, amountCents, changedAt } = event.data;
      return {
        ...row,
        ...noneScheduled,
        plan,
        amount_cents: amountCents,
        changed_at: changedAt,
        upgrade_started_at: null,
        upgrade_awaiting_since: null,
      };
    }
    case 'RenewalAnnounced':
      return { ...row, announced_renewal_at: event.data.renewsAt };
  }
}
