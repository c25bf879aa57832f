import { assertNever, type Decider } from '@app/domain';
import type {
  AnnounceRenewal,
  ApplyScheduledPlanChange,
  AwaitUpgradeAuthentication,
  ChangePlanNow,
  CompleteUpgrade,
  EndTerm,
  SchedulePlanChange,
  StartUpgrade,
  TermCommand,
  WithdrawPlanChange,
} from './commands.js';
import type { TermEvent } from './events.js';
import { changedPlanSince, evolve, initialState, type TermState } from './term.js';

/** Each term ends once: the runner's next tick, or a second replica, finds it ended and adds nothing. */
function endTerm(command: EndTerm, state: TermState): TermEvent[] {
  const { subscriptionId, tenantId, productId, endsAt } = command.data;
  if (state.endedAt.some((endedAt) => Date.parse(endedAt) === Date.parse(endsAt))) return [];
  return [{ type: 'TermEnded', data: { subscriptionId, tenantId, productId, endedAt: endsAt } }];
}

/**
 * Whether a change asked for now still starts from the plan the subscription is on: not while an upgrade's charge
 * is in flight (its outcome decides first), nor from a plan a change already left.
 */
function startsFromCurrentPlan(state: TermState, basis: { fromPlan: string; cycleStart: string }): boolean {
  if (state.upgrade !== null) return false;
  const changed = changedPlanSince(state, basis.cycleStart);
  return changed === null || changed.plan === basis.fromPlan;
}

function schedule(command: SchedulePlanChange, state: TermState): TermEvent[] {
  const { cycleStart: _basis, ...data } = command.data;
  if (!startsFromCurrentPlan(state, command.data)) return [];
  const { scheduled } = state;
  if (scheduled?.plan === data.plan && Date.parse(scheduled.effectiveAt) === Date.parse(data.effectiveAt))
    return [];
  return [{ type: 'PlanChangeScheduled', data: { ...data, scheduledAt: command.metadata.now } }];
}

function withdraw(command: WithdrawPlanChange, state: TermState): TermEvent[] {
  if (state.scheduled === null) return [];
  return [
    {
      type: 'PlanChangeWithdrawn',
      data: { ...command.data, plan: state.scheduled.plan, withdrawnAt: command.metadata.now },
    },
  ];
}

/** One upgrade charge at a time: a second press finds the first in flight and adds nothing. */
function startUpgrade(command: StartUpgrade, state: TermState): TermEvent[] {
  const { cycleStart: _basis, ...data } = command.data;
  if (!startsFromCurrentPlan(state, command.data)) return [];
  return [{ type: 'UpgradeStarted', data: { ...data, startedAt: command.metadata.now } }];
}

/** Recorded once, for the charge in flight. */
function awaitAuthentication(command: AwaitUpgradeAuthentication, state: TermState): TermEvent[] {
  const { upgrade } = state;
  if (upgrade === null || upgrade.paymentId !== command.data.paymentId || upgrade.awaiting !== null)
    return [];
  const { subscriptionId, tenantId, productId, paymentId } = upgrade;
  const { providerPaymentId } = command.data;
  return [
    {
      type: 'UpgradeAwaitingAuthentication',
      data: {
        subscriptionId,
        tenantId,
        productId,
        paymentId,
        providerPaymentId,
        awaitingSince: command.metadata.now,
      },
    },
  ];
}

/** The outcome of the charge in flight; a repeat, or one for another charge, adds nothing. */
function completeUpgrade(command: CompleteUpgrade, state: TermState): TermEvent[] {
  const { upgrade } = state;
  if (upgrade === null || upgrade.paymentId !== command.data.paymentId) return [];
  const { subscriptionId, tenantId, productId, paymentId } = upgrade;
  const { outcome } = command.data;
  if (outcome.status === 'failed') {
    const { code, message } = outcome;
    const declinedAt = command.metadata.now;
    return [
      {
        type: 'UpgradeDeclined',
        data: { subscriptionId, tenantId, productId, paymentId, code, message, declinedAt },
      },
    ];
  }
  const { fromPlan, plan, previousAmountCents, amountCents, prorationCents, proratedFrom } = upgrade;
  return [
    {
      type: 'PlanChanged',
      data: {
        subscriptionId,
        tenantId,
        productId,
        kind: 'upgrade',
        fromPlan,
        plan,
        previousAmountCents,
        amountCents,
        prorationCents,
        invoiceId: outcome.invoiceId,
        changedAt: proratedFrom,
      },
    },
  ];
}

function changeNow(command: ChangePlanNow, state: TermState): TermEvent[] {
  const { cycleStart: _basis, ...data } = command.data;
  if (!startsFromCurrentPlan(state, command.data)) return [];
  return [
    {
      type: 'PlanChanged',
      data: { ...data, kind: 'upgrade', prorationCents: 0, invoiceId: null, changedAt: command.metadata.now },
    },
  ];
}

/** Applied once, at the renewal it was scheduled for; withdrawn or replaced meanwhile, nothing happens. */
function applyScheduled(command: ApplyScheduledPlanChange, state: TermState): TermEvent[] {
  const { scheduled } = state;
  if (scheduled === null || Date.parse(scheduled.effectiveAt) !== Date.parse(command.data.effectiveAt))
    return [];
  const {
    subscriptionId,
    tenantId,
    productId,
    fromPlan,
    plan,
    previousAmountCents,
    amountCents,
    effectiveAt,
  } = scheduled;
  return [
    {
      type: 'PlanChanged',
      data: {
        subscriptionId,
        tenantId,
        productId,
        kind: 'downgrade',
        fromPlan,
        plan,
        previousAmountCents,
        amountCents,
        prorationCents: 0,
        invoiceId: null,
        changedAt: effectiveAt,
      },
    },
  ];
}

/**
 * Each renewal is announced once: a second tick, a replica, or a view that lags asks again and adds nothing, and
 * neither does a renewal no later than one announced.
 */
function announceRenewal(command: AnnounceRenewal, state: TermState): TermEvent[] {
  const announced = state.announcedRenewalAt;
  if (announced !== null && Date.parse(announced) >= Date.parse(command.data.renewsAt)) return [];
  return [{ type: 'RenewalAnnounced', data: { ...command.data, announcedAt: command.metadata.now } }];
}

export function decide(command: TermCommand, state: TermState): TermEvent[] {
  switch (command.type) {
    case 'EndTerm':
      return endTerm(command, state);
    case 'SchedulePlanChange':
      return schedule(command, state);
    case 'WithdrawPlanChange':
      return withdraw(command, state);
    case 'StartUpgrade':
      return startUpgrade(command, state);
    case 'AwaitUpgradeAuthentication':
      return awaitAuthentication(command, state);
    case 'CompleteUpgrade':
      return completeUpgrade(command, state);
    case 'ChangePlanNow':
      return changeNow(command, state);
    case 'ApplyScheduledPlanChange':
      return applyScheduled(command, state);
    case 'AnnounceRenewal':
      return announceRenewal(command, state);
    default:
      return assertNever(command);
  }
}

export const termDecider: Decider<TermState, TermCommand, TermEvent> = { initialState, evolve, decide };
