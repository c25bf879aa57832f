import { describe, expect, it } from 'vitest';
import { fold } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { customerAt } from '../../src/domain/customer/customer.js';
import { customerDecider } from '../../src/domain/customer/decide.js';

const { given } = specification(customerDecider);
const userId = '0196f2a0-0000-7000-8000-0000000000c1';
const now = '2026-11-21T10:00:00.000Z';

const create = (provider: 'sandbox' | 'stripe', providerCustomerId: string) =>
  ({ type: 'CreateCustomer', data: { userId, provider, providerCustomerId }, metadata: { now } }) as const;
const created = (provider: 'sandbox' | 'stripe', providerCustomerId: string): CustomerEvent => ({
  type: 'CustomerCreated',
  data: { userId, provider, providerCustomerId, createdAt: now },
});

describe('no customer', () => {
  it('records the first customer at a provider', () => {
    given([])
      .when(create('sandbox', 'cus_1'))
      .then([created('sandbox', 'cus_1')]);
  });
});

describe('a customer at the sandbox', () => {
  const atSandbox = [created('sandbox', 'cus_1')];

  it('keeps the first customer when a racing checkout records the same one again', () => {
    given(atSandbox).when(create('sandbox', 'cus_1')).then([]);
  });

  it('keeps the first customer when a racing checkout records another one', () => {
    given(atSandbox).when(create('sandbox', 'cus_2')).then([]);
  });

  it('makes another customer when billing moves to another provider', () => {
    given(atSandbox)
      .when(create('stripe', 'cus_S'))
      .then([created('stripe', 'cus_S')]);
  });

  it('knows its customer at each provider once billing has moved', () => {
    const state = fold(customerDecider, [...atSandbox, created('stripe', 'cus_S')]);
    expect([customerAt(state, 'sandbox'), customerAt(state, 'stripe')]).toEqual(['cus_1', 'cus_S']);
  });
});
