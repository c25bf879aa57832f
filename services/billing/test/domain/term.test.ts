import { describe, it } from 'vitest';
import { specification } from '@app/domain/testing';
import type { TermEvent } from '../../src/domain/term/events.js';
import { termDecider } from '../../src/domain/term/decide.js';

const { given } = specification(termDecider);
const ids = {
  subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
  tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
};
const end = (endsAt: string) =>
  ({ type: 'EndTerm', data: { ...ids, endsAt }, metadata: { now: '2026-03-01T00:00:00.000Z' } }) as const;
const ended = (endedAt: string): TermEvent => ({ type: 'TermEnded', data: { ...ids, endedAt } });

describe('the end of a term set to cancel', () => {
  it('is recorded once', () => {
    given([])
      .when(end('2026-02-28T09:00:00.000Z'))
      .then([ended('2026-02-28T09:00:00.000Z')]);
    given([ended('2026-02-28T09:00:00.000Z')])
      .when(end('2026-02-28T09:00:00.000Z'))
      .then([]);
  });

  it('is the same instant however it is written', () => {
    given([ended('2026-02-28T09:00:00.000Z')])
      .when(end('2026-02-28T09:00:00Z'))
      .then([]);
  });

  it('of a later term (bought again, cancelled again) is recorded too', () => {
    given([ended('2026-02-28T09:00:00.000Z')])
      .when(end('2026-06-15T10:00:00.000Z'))
      .then([ended('2026-06-15T10:00:00.000Z')]);
  });
});
