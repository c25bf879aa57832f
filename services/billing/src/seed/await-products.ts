import type pg from 'pg';

/**
 * Waits (bounded) until billing's copy of the catalogue holds every product: the running billing service fills
 * it from the catalogue's NATS events, which may still be on their way when the seed starts. Resolves with the
 * ids still missing.
 */
export async function awaitProductCopies(
  pool: pg.Pool,
  productIds: readonly string[],
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ product_id: string }>(
      'SELECT product_id FROM products WHERE product_id = ANY($1::uuid[])',
      [[...productIds]],
    );
    const present = new Set(rows.map((row) => row.product_id));
    const missing = productIds.filter((id) => !present.has(id));
    if (missing.length === 0 || Date.now() >= deadline) return missing;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
