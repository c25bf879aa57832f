import type pg from 'pg';
import { createUniqueValueReservations, type UniqueValueReservations } from '@app/eventing';

/** The one message for a taken email, whichever route or flow meets it. */
export const emailTaken = 'An account with this email already exists';

/** Emails are unique among accounts, case-insensitively (the contracts lower-case them). */
export type EmailReservations = UniqueValueReservations;

export function createEmailReservations(
  db: pg.Pool,
  currentEmailOf: (userId: string) => Promise<string | null>,
): EmailReservations {
  return createUniqueValueReservations({
    db,
    table: { name: 'user_emails', valueColumn: 'email', ownerColumn: 'user_id' },
    currentValueOf: currentEmailOf,
    takenMessage: () => emailTaken,
  });
}
