import type pg from 'pg';
import { ConflictError } from '@app/domain';

/**
 * Slugs are unique among products that are not deleted (SPEC.md §3, ARCHITECTURE.md "Catalogue"). The event
 * store cannot check a rule across streams, so the command path reserves the slug in `product_slugs` before
 * it appends. A reservation outlives its purpose when a process dies between reserving and appending, or
 * between a rename/delete and the release; such a reservation is recognised as stale (old enough, and its
 * product does not hold the slug) and taken over.
 */
export interface SlugReservations {
  /** Resolves true when this call made the reservation (so a failed command should release it). */
  reserve(slug: string, productId: string): Promise<boolean>;
  release(slug: string, productId: string): Promise<void>;
  /** After a rename or delete: drops every reservation of the product except the slug it now holds. */
  releaseAllExcept(productId: string, keptSlug: string | null): Promise<void>;
}

/** Longer than any command takes, so an in-flight reservation is never mistaken for a stale one. */
const staleAfterSeconds = 60;

export function createSlugReservations(
  db: pg.Pool,
  currentSlugOf: (productId: string) => Promise<string | null>,
): SlugReservations {
  async function reserve(slug: string, productId: string): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await db.query(
        'INSERT INTO product_slugs (slug, product_id) VALUES ($1, $2) ON CONFLICT (slug) DO NOTHING',
        [slug, productId],
      );
      if (inserted.rowCount === 1) return true;

      const { rows } = await db.query<{ product_id: string; age_seconds: number }>(
        'SELECT product_id, extract(epoch FROM now() - reserved_at)::float8 AS age_seconds FROM product_slugs WHERE slug = $1',
        [slug],
      );
      const holder = rows[0];
      if (!holder) continue;
      if (holder.product_id === productId) return false;
      const stale =
        holder.age_seconds > staleAfterSeconds && (await currentSlugOf(holder.product_id)) !== slug;
      if (!stale) throw new ConflictError(`The slug "${slug}" is already used by another product`);
      await db.query('DELETE FROM product_slugs WHERE slug = $1 AND product_id = $2', [
        slug,
        holder.product_id,
      ]);
    }
    throw new ConflictError(`The slug "${slug}" is being taken by another product right now; try again`);
  }

  return {
    reserve,
    async release(slug, productId) {
      await db.query('DELETE FROM product_slugs WHERE slug = $1 AND product_id = $2', [slug, productId]);
    },
    async releaseAllExcept(productId, keptSlug) {
      await db.query('DELETE FROM product_slugs WHERE product_id = $1 AND slug IS DISTINCT FROM $2', [
        productId,
        keptSlug,
      ]);
    },
  };
}
