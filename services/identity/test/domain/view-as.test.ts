import { describe, it } from 'vitest';
import { IllegalStateError, NotFoundError, ValidationError } from '@app/domain';
import { specification } from '@app/domain/testing';
import { viewAsDecider, viewAsMessages } from '../../src/domain/view-as/decide.js';
import type { ViewedAccount } from '../../src/domain/view-as/commands.js';
import type { ViewAsEnding, ViewAsEvent } from '../../src/domain/view-as/events.js';

const { given } = specification(viewAsDecider);
const sessionId = '0196f2a0-0000-4000-8000-0000000000a1';
const adminId = '0196f2a0-0000-7000-8000-000000000001';
const adminSessionId = '0196f2a0-0000-4000-8000-0000000000b1';
const customerId = '0196f2a0-0000-7000-8000-000000000002';
const now = '2026-11-21T10:00:00.000Z';
const expiresAt = '2026-11-21T10:30:00.000Z';
const customer: ViewedAccount = {
  userId: customerId,
  role: 'tenant',
  isActive: true,
  label: 'Casey Customer',
};

const start = (overrides: Partial<{ customer: ViewedAccount; adminId: string; reason: string }> = {}) =>
  ({
    type: 'StartViewAs',
    data: { sessionId, adminId, adminSessionId, customer, reason: 'Ticket 4411', ...overrides },
    metadata: { now },
  }) as const;
const end = (ending: ViewAsEnding, at: string) =>
  ({ type: 'EndViewAs', data: { sessionId, ending }, metadata: { now: at } }) as const;

const started: ViewAsEvent = {
  type: 'ViewAsStarted',
  data: {
    sessionId,
    adminId,
    adminSessionId,
    customerId,
    customerLabel: 'Casey Customer',
    reason: 'Ticket 4411',
    startedAt: now,
    expiresAt,
  },
};
const ended = (ending: ViewAsEnding, endedAt: string): ViewAsEvent => ({
  type: 'ViewAsEnded',
  data: { sessionId, ending, endedAt },
});

describe('no view', () => {
  it('starts one of an active customer for 30 minutes, the reason trimmed', () => {
    given([])
      .when(start({ reason: '  Ticket 4411 ' }))
      .then([started]);
  });

  it('refuses an admin’s account, the admin’s own, a deactivated one and a blank reason', () => {
    given([])
      .when(start({ customer: { ...customer, role: 'admin' } }))
      .thenThrows(new ValidationError(viewAsMessages.notACustomer));
    given([])
      .when(start({ adminId: customerId }))
      .thenThrows(new ValidationError(viewAsMessages.yourself));
    given([])
      .when(start({ customer: { ...customer, isActive: false } }))
      .thenThrows(new IllegalStateError(viewAsMessages.deactivated));
    given([])
      .when(start({ reason: '   ' }))
      .thenThrows(new ValidationError(viewAsMessages.reasonRequired));
  });

  it('has nothing to end', () => {
    given([]).when(end('left', now)).thenThrows(new NotFoundError(viewAsMessages.notFound));
  });
});

describe('an open view', () => {
  it('never starts twice', () => {
    given([started]).when(start()).thenThrows(IllegalStateError);
  });

  it('ends when the admin leaves before its expiry', () => {
    given([started])
      .when(end('left', '2026-11-21T10:12:00.000Z'))
      .then([ended('left', '2026-11-21T10:12:00.000Z')]);
  });

  it('is not ended by the expiry runner before its time', () => {
    given([started]).when(end('expired', '2026-11-21T10:29:59.999Z')).then([]);
  });

  it('expired at its expiry, however late that is noticed, by the runner or by the admin leaving', () => {
    given([started])
      .when(end('expired', expiresAt))
      .then([ended('expired', expiresAt)]);
    given([started])
      .when(end('left', '2026-11-21T11:00:00.000Z'))
      .then([ended('expired', expiresAt)]);
  });
});

describe('an ended view', () => {
  it('ends once only', () => {
    given([started, ended('left', '2026-11-21T10:12:00.000Z')])
      .when(end('expired', '2026-11-21T11:00:00.000Z'))
      .then([]);
    given([started, ended('expired', expiresAt)])
      .when(end('left', '2026-11-21T11:00:00.000Z'))
      .then([]);
  });
});
