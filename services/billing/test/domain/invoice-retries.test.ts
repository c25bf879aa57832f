import { describe, it } from 'vitest';
import { specification } from '@app/domain/testing';
import { invoiceDecider } from '../../src/domain/invoice/decide.js';
import {
  attempted,
  day,
  declined,
  declinedAttempts,
  failed,
  issued,
  issuedAt,
  overdueAt,
  paidBy,
  record,
  start,
} from './invoice-collection-fixtures.js';

const { given } = specification(invoiceDecider);

describe('a renewal invoice on its retries', () => {
  it('schedules the second retry 3 days after the first attempt', () => {
    given([issued, ...declinedAttempts([issuedAt]), attempted(2, day(1))])
      .when(record(2, declined, day(1)))
      .then([failed(2, day(1), day(3))]);
  });

  it('schedules the third retry 5 days after the first attempt', () => {
    given([issued, ...declinedAttempts([issuedAt, day(1)]), attempted(3, day(3))])
      .when(record(3, declined, day(3)))
      .then([failed(3, day(3), day(5))]);
  });

  it('is overdue when the last retry fails, with the facts tenancy needs', () => {
    given([issued, ...declinedAttempts([issuedAt, day(1), day(3)]), attempted(4, day(5))])
      .when(record(4, declined, day(5)))
      .then([failed(4, day(5), null), overdueAt(day(5))]);
  });
});

describe('a renewal invoice whose attempt was declined', () => {
  it('records each outcome once', () => {
    given([issued, attempted(1, issuedAt), failed(1, issuedAt, day(1))])
      .when(record(1, declined, issuedAt))
      .then([]);
  });
});

describe('an overdue renewal invoice', () => {
  const overdue = [issued, ...declinedAttempts([issuedAt, day(1), day(3), day(5)]), overdueAt(day(5))];
  const tried = [...overdue, attempted(5, day(31))];

  it('takes an attempt on a later anniversary', () => {
    given(overdue)
      .when(start(5, day(31)))
      .then([attempted(5, day(31))]);
  });

  it('stays overdue when that attempt fails', () => {
    given(tried)
      .when(record(5, declined, day(31)))
      .then([failed(5, day(31), null, 'already-overdue')]);
  });

  it('is paid when that attempt succeeds', () => {
    given(tried)
      .when(record(5, { status: 'succeeded' }, day(31)))
      .then([paidBy(5, day(31))]);
  });
});

describe('a paid renewal invoice', () => {
  it('has nothing left to collect', () => {
    given([issued, attempted(1, issuedAt), paidBy(1, issuedAt)])
      .when(start(2, day(1)))
      .then([]);
  });
});
