import { jsonOf, type ApiClient } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { expectReply, inBatches } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import {
  cardOnFile,
  lastFourOf,
  replacementCards,
  saveCard,
  startSetup,
  type CardSetup,
  type SoakCard,
} from './soak-plan-fixtures.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Replacing the card on file (billing README "The card on file") through the Sandbox. `same`: every client on the
 * account they share (and on its one setup); `different`: each client on its own. Opening a setup saves nothing;
 * a setup confirmed by many clients at once saves its card once, and completing it afterwards answers succeeded.
 * Each phase saves a card with last four digits of its own, so the card on file shows which phase saved it.
 */
interface Target {
  accounts: Account[];
  /** The card on file before the phase, by account id. */
  before: Map<string, string | null>;
  /** Setups made before the phase, or acknowledged by it, by account id. */
  setups: Map<string, CardSetup[]>;
  /** Acknowledged replies that say something other than the phase's outcome. */
  odd: string[];
}

const accountsOf = (context: SoakContext, aggregate: Aggregate, clients: number) =>
  aggregate === 'same' ? [context.shared] : context.customers.slice(0, clients);

const accountOf = (target: Target, aggregate: Aggregate, client: number) =>
  target.accounts[aggregate === 'same' ? 0 : client] as Account;

const setupOf = (target: Target, account: Account) => (target.setups.get(account.id) ?? [])[0] as CardSetup;

const completeSetup = (client: ApiClient, setup: CardSetup) =>
  expectReply<{ status: string }>(
    client,
    { method: 'POST', path: `/api/billing/payment-method/setups/${setup.setupId}/complete` },
    [200],
  );

async function lastFourOnFile(client: ApiClient): Promise<string | null> {
  return (await cardOnFile(client))?.last4 ?? null;
}

/** The accounts, their cards on file now, and the setups `makeSetup` opened for each (none without it). */
async function targetFor(
  context: SoakContext,
  aggregate: Aggregate,
  clients: number,
  makeSetup?: (client: ApiClient) => Promise<CardSetup>,
): Promise<Target> {
  const accounts = accountsOf(context, aggregate, clients);
  const prepared = await inBatches(accounts, 8, async (account) => {
    const before = await lastFourOnFile(account.client);
    const setups = makeSetup ? [await makeSetup(account.client)] : [];
    return { account, before, setups };
  });
  return {
    accounts,
    before: new Map(prepared.map(({ account, before }) => [account.id, before])),
    setups: new Map(prepared.map(({ account, setups }) => [account.id, setups])),
    odd: [],
  };
}

/** A phase that saves the card already on file could not show that it saved anything. */
const alreadyOnFile = (target: Target, card: SoakCard) =>
  target.accounts
    .filter((account) => target.before.get(account.id) === lastFourOf(card))
    .map((account) => `${account.email}: already had the card ${lastFourOf(card)} on file`);

/** One line per account whose card on file is not `expected`, or whose setup does not complete as `status`. */
async function cardProblems(target: Target, expected: (account: Account) => string | null, status: string) {
  const problems = await inBatches(target.accounts, 8, async (account) => {
    const found: string[] = [];
    const lastFour = await lastFourOnFile(account.client);
    if (lastFour !== expected(account)) {
      found.push(`${account.email}: card on file ${lastFour}, expected ${expected(account)}`);
    }
    for (const setup of target.setups.get(account.id) ?? []) {
      const completed = await completeSetup(account.client, setup);
      if (completed.status !== status) {
        found.push(`${account.email}: setup ${setup.setupId} completes ${completed.status}, not ${status}`);
      }
    }
    return found;
  });
  return [...target.odd.slice(0, 3), ...problems.flat()];
}

/** Setups opened, each its own and none confirmed: the card on file stays, and each completes as pending. */
function setupPhase(aggregate: Aggregate) {
  return definePhase<Target>({
    aggregate,
    prepare: (context, plan) => targetFor(context, aggregate, plan.clients),
    request(target, client) {
      const account = accountOf(target, aggregate, client);
      return { method: 'POST', path: '/api/billing/payment-method/setups', as: account.client };
    },
    acknowledged(target, client, _iteration, reply) {
      const account = accountOf(target, aggregate, client);
      const setup = jsonOf<CardSetup>(reply) as CardSetup;
      target.setups.set(account.id, [...(target.setups.get(account.id) ?? []), setup]);
    },
    async verify(target, acknowledged) {
      const ids = new Set([...target.setups.values()].flat().map((setup) => setup.setupId));
      const distinct =
        ids.size === acknowledged ? [] : [`${ids.size} distinct setups from ${acknowledged} acknowledged`];
      const unchanged = (account: Account) => target.before.get(account.id) ?? null;
      return [...distinct, ...(await cardProblems(target, unchanged, 'pending'))];
    },
  });
}

/** Every client confirms its account's one setup with `card`: saved once, the card on file, completing succeeded. */
function confirmPhase(aggregate: Aggregate, card: SoakCard) {
  return definePhase<Target>({
    aggregate,
    prepare: (context, plan) => targetFor(context, aggregate, plan.clients, startSetup),
    request(target, client) {
      const account = accountOf(target, aggregate, client);
      return {
        method: 'POST',
        path: '/api/billing/sandbox/confirm-setup',
        json: { clientSecret: setupOf(target, account).clientSecret, card },
        as: account.client,
      };
    },
    verify: async (target) => [
      ...alreadyOnFile(target, card),
      ...(await cardProblems(target, () => lastFourOf(card), 'succeeded')),
    ],
  });
}

/** Completions of setups the Sandbox's form confirmed with `card`: every one answers succeeded. */
function completePhase(aggregate: Aggregate, card: SoakCard) {
  return definePhase<Target>({
    aggregate,
    prepare: (context, plan) =>
      targetFor(context, aggregate, plan.clients, (client) => saveCard(client, card)),
    request(target, client) {
      const account = accountOf(target, aggregate, client);
      const path = `/api/billing/payment-method/setups/${setupOf(target, account).setupId}/complete`;
      return { method: 'POST', path, as: account.client };
    },
    acknowledged(target, client, _iteration, reply) {
      const status = jsonOf<{ status: string }>(reply)?.status;
      if (status !== 'succeeded') {
        target.odd.push(`${accountOf(target, aggregate, client).email}: completion answered ${reply.text}`);
      }
    },
    verify: async (target) => [
      ...alreadyOnFile(target, card),
      ...(await cardProblems(target, () => lastFourOf(card), 'succeeded')),
    ],
  });
}

export const cardOnFileRoutes: Record<string, SoakRoute> = {
  'POST /api/billing/payment-method/setups': bothWays([200], setupPhase),
  'POST /api/billing/sandbox/confirm-setup': bothWays([200], (aggregate) =>
    confirmPhase(aggregate, aggregate === 'same' ? replacementCards.mastercard : replacementCards.visaDebit),
  ),
  'POST /api/billing/payment-method/setups/{setupId}/complete': bothWays([200], (aggregate) =>
    completePhase(
      aggregate,
      aggregate === 'same' ? replacementCards.mastercardDebit : replacementCards.discover,
    ),
  ),
};
