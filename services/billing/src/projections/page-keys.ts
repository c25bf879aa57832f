import { z } from 'zod';

/**
 * The pieces of billing's list cursors. A timestamp travels as text to the microsecond, as Postgres stores it:
 * a JS Date keeps milliseconds only, and a key rounded to them would skip or repeat rows at a page boundary. The
 * schemas refuse what SQL could not cast (a 30th of February), so a forged cursor is a 400, never a 500.
 */
export const instantKeySchema = z.iso.datetime({ precision: 6 });

export const dayKeySchema = z.iso.date();

/** SQL giving a timestamptz column as an instantKeySchema text, whatever the session's time zone. */
export function instantKeySql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
