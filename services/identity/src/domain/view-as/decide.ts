import { IllegalStateError, NotFoundError, ValidationError, assertNever, type Decider } from '@app/domain';
import type { EndViewAs, StartViewAs, ViewAsCommand } from './commands.js';
import type { ViewAsEvent } from './events.js';
import { evolve, initialState, viewAsDurationMs, type ViewAsState } from './view-as.js';

export const viewAsMessages = {
  notACustomer: "Only a customer's account can be viewed.",
  deactivated: 'This account is deactivated',
  yourself: 'You cannot view your own account as a customer.',
  reasonRequired: 'Enter a reason for viewing this account.',
  notFound: 'No such view.',
} as const;

function start(command: StartViewAs, state: ViewAsState): ViewAsEvent[] {
  if (state.status !== 'absent') throw new IllegalStateError('A view with this id already exists');
  const { sessionId, adminId, adminSessionId, customer, reason } = command.data;
  if (customer.userId === adminId) throw new ValidationError(viewAsMessages.yourself);
  if (customer.role !== 'tenant') throw new ValidationError(viewAsMessages.notACustomer);
  if (!customer.isActive) throw new IllegalStateError(viewAsMessages.deactivated);
  if (reason.trim() === '') throw new ValidationError(viewAsMessages.reasonRequired);
  const startedAt = command.metadata.now;
  const expiresAt = new Date(Date.parse(startedAt) + viewAsDurationMs).toISOString();
  return [
    {
      type: 'ViewAsStarted',
      data: {
        sessionId,
        adminId,
        adminSessionId,
        customerId: customer.userId,
        customerLabel: customer.label,
        reason: reason.trim(),
        startedAt,
        expiresAt,
      },
    },
  ];
}

/**
 * Ends a view once. A view past its expiry ended then, however it is noticed (the admin leaving late, or the
 * runner), so it is recorded as expired at its expiry; the runner arriving early changes nothing.
 */
function end(command: EndViewAs, state: ViewAsState): ViewAsEvent[] {
  if (state.status === 'absent') throw new NotFoundError(viewAsMessages.notFound);
  if (state.status === 'ended') return [];
  const { sessionId } = state;
  if (Date.parse(command.metadata.now) >= Date.parse(state.expiresAt)) {
    return [{ type: 'ViewAsEnded', data: { sessionId, ending: 'expired', endedAt: state.expiresAt } }];
  }
  if (command.data.ending === 'expired') return [];
  return [{ type: 'ViewAsEnded', data: { sessionId, ending: 'left', endedAt: command.metadata.now } }];
}

function decide(command: ViewAsCommand, state: ViewAsState): ViewAsEvent[] {
  switch (command.type) {
    case 'StartViewAs':
      return start(command, state);
    case 'EndViewAs':
      return end(command, state);
    default:
      return assertNever(command);
  }
}

export const viewAsDecider: Decider<ViewAsState, ViewAsCommand, ViewAsEvent> = {
  initialState,
  evolve,
  decide,
};
