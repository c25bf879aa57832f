import type { UserRole } from '@app/contracts';
import type { ViewAsEnding } from './events.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/**
 * The customer's account as the application found it: a fact about another aggregate, checked by the decider so
 * the rule "only an active customer's account can be viewed" is decided in one place.
 */
export interface ViewedAccount {
  userId: string;
  role: UserRole;
  isActive: boolean;
  label: string;
}

export interface StartViewAs {
  type: 'StartViewAs';
  data: {
    sessionId: string;
    adminId: string;
    adminSessionId: string;
    customer: ViewedAccount;
    reason: string;
  };
  metadata: CommandMetadata;
}

/** Leaving (`left`) or the expiry runner (`expired`); either after the expiry records the expiry. */
export interface EndViewAs {
  type: 'EndViewAs';
  data: { sessionId: string; ending: ViewAsEnding };
  metadata: CommandMetadata;
}

export type ViewAsCommand = StartViewAs | EndViewAs;
