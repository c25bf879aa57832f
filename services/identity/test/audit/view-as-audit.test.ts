import { describe, expect, it } from 'vitest';
import { describeAuditCoverage } from '@app/test-support/audit-coverage';
import { commandTypesOf } from '@app/test-support/command-types';
import { viewAsSessions } from '../../src/application/view-as.js';
import { describeViewAsEvent } from '../../src/audit/view-as-audit.js';
import type { ViewAsCommand } from '../../src/domain/view-as/commands.js';
import { viewAsEventTypes, type ViewAsEvent } from '../../src/domain/view-as/events.js';
import { evolve, initialState } from '../../src/domain/view-as/view-as.js';

const sessionId = '0196f2a0-0000-4000-8000-0000000000a1';
const adminId = '0196f2a0-0000-7000-8000-000000000001';
const customerId = '0196f2a0-0000-7000-8000-000000000002';
const now = '2026-11-21T10:00:00.000Z';
const started: ViewAsEvent = {
  type: 'ViewAsStarted',
  data: {
    sessionId,
    adminId,
    adminSessionId: '0196f2a0-0000-4000-8000-0000000000b1',
    customerId,
    customerLabel: 'Casey Customer',
    reason: 'Ticket 4411: cannot find an invoice',
    startedAt: now,
    expiresAt: '2026-11-21T10:30:00.000Z',
  },
};
const command = <Type extends ViewAsCommand['type']>(
  type: Type,
  data: Extract<ViewAsCommand, { type: Type }>['data'],
  at = now,
) => ({ type, data, metadata: { now: at } }) as Extract<ViewAsCommand, { type: Type }>;

describeAuditCoverage({
  producer: 'identity',
  aggregate: viewAsSessions,
  describeEvent: describeViewAsEvent,
  commandTypes: commandTypesOf(
    new URL('../../src/domain/view-as/commands.ts', import.meta.url),
    'ViewAsCommand',
  ),
  eventTypes: viewAsEventTypes,
  scenarios: {
    StartViewAs: [
      {
        when: command('StartViewAs', {
          sessionId,
          adminId,
          adminSessionId: '0196f2a0-0000-4000-8000-0000000000b1',
          customer: { userId: customerId, role: 'tenant', isActive: true, label: 'Casey Customer' },
          reason: 'Ticket 4411',
        }),
      },
    ],
    EndViewAs: [
      {
        given: [started],
        when: command('EndViewAs', { sessionId, ending: 'left' }, '2026-11-21T10:05:00.000Z'),
      },
      {
        given: [started],
        when: command('EndViewAs', { sessionId, ending: 'expired' }, '2026-11-21T10:30:00.000Z'),
      },
    ],
  },
});

describe('a view’s entries', () => {
  const open = evolve(initialState(), started);

  it('are about the customer’s account, which is also the account concerned, with the reason', () => {
    expect(describeViewAsEvent(started, initialState(), open)).toEqual({
      action: 'user.view-as-started',
      entity: { type: 'user', id: customerId, label: 'Casey Customer' },
      tenantId: null,
      accountId: customerId,
      changes: [
        { field: 'Reason', before: null, after: 'Ticket 4411: cannot find an invoice' },
        { field: 'Expires at', before: null, after: '2026-11-21 10:30 UTC' },
      ],
    });
  });

  it('say how the view ended, and why it was opened', () => {
    const expired: ViewAsEvent = {
      type: 'ViewAsEnded',
      data: { sessionId, ending: 'expired', endedAt: '2026-11-21T10:30:00.000Z' },
    };
    expect(describeViewAsEvent(expired, open, evolve(open, expired))).toMatchObject({
      action: 'user.view-as-ended',
      accountId: customerId,
      changes: [
        { field: 'Ended', before: null, after: 'Expired' },
        { field: 'Reason', before: null, after: 'Ticket 4411: cannot find an invoice' },
      ],
    });
  });
});
