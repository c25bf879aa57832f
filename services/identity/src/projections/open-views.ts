import type pg from 'pg';
import { foldedProjection } from '@app/eventing';
import { viewAsSessions } from '../application/view-as.js';
import { viewAsEventTypes, type ViewAsEvent } from '../domain/view-as/events.js';

interface OpenViewRow {
  session_id: string;
  expires_at: string;
}

/** `open_views` (migrations/112): the views not ended yet, and when each expires. */
export const openViewsProjection = foldedProjection<OpenViewRow, ViewAsEvent>({
  name: 'identity.open-views.v1',
  eventTypes: viewAsEventTypes,
  table: 'open_views',
  key: ['session_id'],
  columns: ['session_id', 'expires_at'],
  decode: (recorded) => viewAsSessions.decode(recorded),
  rowKeyOf: (event) => ({ session_id: event.data.sessionId }),
  fold: (row, event) => {
    if (event.type === 'ViewAsStarted')
      return row ?? { session_id: event.data.sessionId, expires_at: event.data.expiresAt };
    return row === undefined ? undefined : null;
  },
  async reset(tx) {
    await tx.query('TRUNCATE open_views');
  },
});

/** The views whose expiry has come at `now`, oldest first, a bounded batch. */
export async function expiredOpenViews(db: pg.Pool, now: Date, limit = 100): Promise<string[]> {
  const { rows } = await db.query<{ session_id: string }>(
    'SELECT session_id FROM open_views WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2',
    [now, limit],
  );
  return rows.map((row) => row.session_id);
}
