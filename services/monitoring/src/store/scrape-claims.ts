import type pg from 'pg';

/**
 * Claims the subscription's scheduled scrape for `holdMs` unless another replica's claim still holds: true when
 * this replica is to scrape it now. One statement, so two replicas racing for it cannot both win.
 */
export async function claimScrape(
  db: pg.Pool,
  claim: { subscriptionId: string; holdMs: number; replica: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO scrape_claims AS c (subscription_id, claimed_until, claimed_by)
     VALUES ($1, now() + make_interval(secs => $2::double precision / 1000), $3)
     ON CONFLICT (subscription_id) DO UPDATE
       SET claimed_until = EXCLUDED.claimed_until, claimed_by = EXCLUDED.claimed_by
       WHERE c.claimed_until <= now()`,
    [claim.subscriptionId, claim.holdMs, claim.replica],
  );
  return rowCount === 1;
}

/** Forgets claims that ran out before `before`: those of subscriptions no longer watched. */
export async function pruneClaims(db: pg.Pool, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM scrape_claims WHERE claimed_until < $1', [before]);
  return rowCount ?? 0;
}
