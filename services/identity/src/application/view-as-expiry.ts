import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { EventingLogger } from '@app/eventing';
import { expiredOpenViews } from '../projections/open-views.js';
import type { ViewAsCommands } from './view-as-commands.js';

/** The process named as the actor of an expiry in the audit trail. */
export const viewAsExpiryActor = 'view-as-expiry';

/**
 * Ends each view whose 30 minutes are over (issue 21 item 3), so its end is recorded even when the admin closed
 * the tab and never left. A view is refused from its expiry on whatever this runner did (resolve checks the time
 * itself); the runner only records it. No lease across replicas: ending is idempotent (an ended view decides
 * nothing), so two replicas at once cost a conflict retry, not a second entry.
 */
export function createViewAsExpiry(deps: {
  views: Pick<ViewAsCommands, 'end'>;
  db: pg.Pool;
  now: () => Date;
  logger: EventingLogger;
}) {
  const { views, db, now, logger } = deps;

  /** Ends the views due at the clock's now; answers the ids of those it ended. */
  async function tick(): Promise<string[]> {
    const ended: string[] = [];
    for (const sessionId of await expiredOpenViews(db, now())) {
      try {
        const result = await views.end(sessionId, 'expired', { metadata: { actorId: viewAsExpiryActor } });
        if (result.newEvents.length > 0) ended.push(sessionId);
      } catch (error) {
        logger.error({ err: error, sessionId }, 'ending an expired view failed; the next tick tries again');
      }
    }
    return ended;
  }

  return {
    tick,
    /** Ticks now and then every `tickMs` until stopped; stop() waits for a tick in progress. */
    start(tickMs: number): { stop(): Promise<void> } {
      const stopping = new AbortController();
      const loop = (async () => {
        while (!stopping.signal.aborted) {
          try {
            const ended = await tick();
            if (ended.length > 0) logger.info({ ended: ended.length }, 'expired views ended');
          } catch (error) {
            logger.error({ err: error }, 'view expiry tick failed; the next one tries again');
          }
          await delay(tickMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        }
      })();
      return {
        async stop() {
          stopping.abort();
          await loop;
        },
      };
    },
  };
}
