// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import type { PlanChangeReply } from '@app/contracts';
import { useMutation, type QueryClient } from '@app/query';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@app/test-support/web';
import { changePlanMutation, createQueryClient, queryKeys, type PlanChangeAnswer } from '../src/index.js';
import { renderQueryHook } from './render-hook.js';

const before = { id: 's1', plan: 'professional', amount: 49 };
const other = { id: 's2', plan: 'basic', amount: 9 };
const terms = queryKeys.subscriptionTermsOf('customer', ['s1']);
const adminList = queryKeys.adminTenantSubscriptionList('t1', {});
const tenantList = queryKeys.adminTenantList({});

function reply(overrides: Partial<PlanChangeReply>): PlanChangeReply {
  return {
    subscriptionId: 's1',
    outcome: 'changed',
    plan: 'enterprise',
    amount: 99,
    charged: 23.45,
    invoiceId: 'i1',
    effectiveAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

/** Its subscription is the contract's id (a UUID), which the 202 is checked against. */
const authentication = {
  subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
  outcome: 'requires-action',
  clientSecret: 'pi_1_secret_2',
} as const;

function seed(client: QueryClient) {
  client.setQueryData(queryKeys.subscriptions, [before, other]);
  client.setQueryData(adminList, {
    pages: [
      { items: [other], next: 'x' },
      { items: [before], next: null },
    ],
  });
  client.setQueryData(tenantList, { pages: [{ items: [{ id: 't1', name: 'Acme' }], next: null }] });
  client.setQueryData(terms, []);
  client.setQueryData(queryKeys.invoices, []);
}

async function change(answer: PlanChangeAnswer, scope: 'customer' | 'admin' = 'customer', status = 200) {
  const { calls } = stubFetch(() => json(answer, status));
  const client = createQueryClient();
  seed(client);
  const { result } = renderQueryHook(() => useMutation(changePlanMutation(scope)), client);
  const answered = await act(() =>
    result.current.mutateAsync({ subscriptionId: 's1', body: { plan: 'enterprise', quotedAt: 'q' } }),
  );
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { calls, client, invalidated, answered };
}

describe('changing plan (issue 19)', () => {
  it('posts the plan and its quote to the caller’s route', async () => {
    for (const [scope, url] of [
      ['customer', '/api/billing/subscriptions/s1/plan'],
      ['admin', '/api/admin/billing/subscriptions/s1/plan'],
    ] as const) {
      const { calls } = await change(reply({}), scope);
      expect(calls[0]).toMatchObject({ method: 'POST', url, body: '{"plan":"enterprise","quotedAt":"q"}' });
    }
  });

  it('an upgrade shows its plan and price in every cached list at once, and refreshes terms and invoices', async () => {
    const { client, invalidated } = await change(reply({}));
    const changed = { id: 's1', plan: 'enterprise', amount: 99 };
    expect(client.getQueryData(queryKeys.subscriptions)).toEqual([changed, other]);
    expect(client.getQueryData(adminList)).toEqual({
      pages: [
        { items: [other], next: 'x' },
        { items: [changed], next: null },
      ],
    });
    expect(client.getQueryData(tenantList)).toEqual({
      pages: [{ items: [{ id: 't1', name: 'Acme' }], next: null }],
    });
    // Tenancy's lists are read again only by the next screen to show them, once it has heard of the change.
    expect([invalidated(queryKeys.subscriptions), invalidated(adminList)]).toEqual([true, true]);
    expect([invalidated(terms), invalidated(queryKeys.invoices)]).toEqual([true, true]);
  });

  it('an upgrade that charged nothing leaves the invoices', async () => {
    const { invalidated } = await change(reply({ charged: 0, invoiceId: null }));
    expect(invalidated(queryKeys.invoices)).toBe(false);
  });

  it('a scheduled downgrade changes only the terms', async () => {
    const { client, invalidated } = await change(
      reply({ outcome: 'scheduled', plan: 'basic', amount: 9, charged: 0, invoiceId: null }),
    );
    expect(client.getQueryData(queryKeys.subscriptions)).toEqual([before, other]);
    expect([invalidated(queryKeys.subscriptions), invalidated(adminList)]).toEqual([false, false]);
    expect([invalidated(terms), invalidated(queryKeys.invoices)]).toEqual([true, false]);
  });

  it('a 202 asking for the bank’s 3-D Secure step is answered as its contract has it, and changes nothing yet', async () => {
    const { client, invalidated, answered } = await change(authentication, 'customer', 202);
    expect(answered).toEqual(authentication);
    expect(client.getQueryData(queryKeys.subscriptions)).toEqual([before, other]);
    expect([invalidated(terms), invalidated(queryKeys.invoices)]).toEqual([false, false]);
  });

  it('a 202 without its client secret, or one for an admin, who cannot take the step, is an error', async () => {
    await expect(change({ ...authentication, clientSecret: '' }, 'customer', 202)).rejects.toThrow();
    await expect(change(authentication, 'admin', 202)).rejects.toThrow('3-D Secure');
  });
});
