import { describe, expect, it } from 'vitest';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { specification } from '@app/domain/testing';
import { customerAt } from '../../src/domain/customer/customer.js';
import { customerDecider } from '../../src/domain/customer/decide.js';

const spec = specification(customerDecider);
const userId = '0196f2a0-0000-7000-8000-0000000000c1';
const now = '2026-11-21T10:00:00.000Z';

const create = (provider: 'sandbox' | 'stripe', providerCustomerId: string) =>
  ({ type: 'CreateCustomer', data: { userId, provider, providerCustomerId }, metadata: { now } }) as const;
const created = (provider: 'sandbox' | 'stripe', providerCustomerId: string): CustomerEvent => ({
  type: 'CustomerCreated',
  data: { userId, provider, providerCustomerId, createdAt: now },
});

describe('customer decider', () => {
  it('records the first customer at a provider', () => {
    expect(spec.given([]).when(create('sandbox', 'cus_1')).events).toEqual([created('sandbox', 'cus_1')]);
  });

  it('keeps the first customer when a racing checkout records one again', () => {
    expect(spec.given([created('sandbox', 'cus_1')]).when(create('sandbox', 'cus_1')).events).toEqual([]);
    expect(spec.given([created('sandbox', 'cus_1')]).when(create('sandbox', 'cus_2')).events).toEqual([]);
  });

  it('makes another customer when billing moves to another provider', () => {
    const history = [created('sandbox', 'cus_1')];
    expect(spec.given(history).when(create('stripe', 'cus_S')).events).toEqual([created('stripe', 'cus_S')]);
    const state = [...history, created('stripe', 'cus_S')].reduce(
      customerDecider.evolve,
      customerDecider.initialState(),
    );
    expect([customerAt(state, 'sandbox'), customerAt(state, 'stripe')]).toEqual(['cus_1', 'cus_S']);
  });
});
