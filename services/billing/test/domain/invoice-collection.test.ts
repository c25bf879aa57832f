import { describe, it } from 'vitest';
import { IllegalStateError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { InvoiceEvent } from '../../src/domain/invoice/events.js';
import { invoiceDecider } from '../../src/domain/invoice/decide.js';
import {
  attempted,
  day,
  declined,
  failed,
  issue,
  issued,
  issuedAt,
  overdueAt,
  paidBy,
  period,
  record,
  start,
} from './invoice-collection-fixtures.js';

const { given } = specification(invoiceDecider);

describe('no invoice', () => {
  it('issues a renewal pending for its period', () => {
    given([]).when(issue).then([issued]);
  });
});

describe('a pending renewal invoice', () => {
  it('is issued once per subscription and period', () => {
    given([issued]).when(issue).then([]);
  });

  it('refuses its id to another period', () => {
    const otherPeriod = { ...issue, data: { ...issue.data, period: { ...period, start: period.end } } };
    given([issued])
      .when(otherPeriod)
      .thenThrows(new IllegalStateError('An invoice with this id already exists'));
  });

  it('records an attempt before the charge', () => {
    given([issued])
      .when(start(1, issuedAt))
      .then([attempted(1, issuedAt)]);
  });

  it('takes the attempts in order', () => {
    given([issued])
      .when(start(2, day(1)))
      .thenThrows(new IllegalStateError('Collection attempt 2 is not the next one (1)'));
  });

  it('refuses an outcome for an attempt never started', () => {
    given([issued])
      .when(record(1, declined, issuedAt))
      .thenThrows(new IllegalStateError('No collection attempt 1 is in flight'));
  });
});

describe('a renewal invoice with its first attempt in flight', () => {
  const inFlight = [issued, attempted(1, issuedAt)];

  it('is paid by the attempt’s success', () => {
    given(inFlight)
      .when(record(1, { status: 'succeeded' }, issuedAt))
      .then([paidBy(1, issuedAt)]);
  });

  it('schedules the first retry 1 day after a decline', () => {
    given(inFlight)
      .when(record(1, declined, issuedAt))
      .then([failed(1, issuedAt, day(1))]);
  });

  it('is overdue at the first decline when no retry is scheduled', () => {
    const noRetries = record(1, declined, issuedAt);
    const command = { ...noRetries, data: { ...noRetries.data, retryAfterDays: [] } };
    given(inFlight)
      .when(command)
      .then([failed(1, issuedAt, null), overdueAt(issuedAt)]);
  });

  it('resumes the attempt in flight', () => {
    given(inFlight)
      .when(start(1, day(0.01)))
      .then([]);
  });

  it('starts no other attempt while one is in flight', () => {
    given(inFlight)
      .when(start(2, day(1)))
      .thenThrows(new IllegalStateError('Collection attempt 1 is still in flight'));
  });
});

describe('a checkout’s invoice', () => {
  it('is never collected from the saved card', () => {
    const checkout: InvoiceEvent = {
      ...issued,
      data: { ...issued.data, subscriptionId: null },
    } as InvoiceEvent;
    given([checkout])
      .when(start(1, issuedAt))
      .thenThrows(new IllegalStateError('Only a renewal invoice is collected from the saved card'));
  });
});
