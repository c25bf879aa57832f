import { ConflictError } from '@app/domain';
import type { UniqueValueReservations } from '@app/eventing';

const maxSlugLength = 60;

/** `Acme Café & Co.` → `acme-cafe-co`; a name with no letters or digits becomes `tenant`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxSlugLength)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'tenant' : slug;
}

const maxSuffix = 20;

/**
 * Reserves the first free slug among `base`, `base-2`, `base-3`…; past those, one made unique by the tenant
 * id. Resolves the slug and whether this call reserved it (so a failed command releases it).
 */
export async function reserveTenantSlug(
  slugs: UniqueValueReservations,
  name: string,
  tenantId: string,
): Promise<{ slug: string; reservedNow: boolean }> {
  const base = slugify(name);
  const candidates = Array.from({ length: maxSuffix }, (_, index) =>
    index === 0 ? base : `${base}-${index + 1}`,
  );
  candidates.push(`${base}-${tenantId.slice(-8)}`);
  for (const slug of candidates) {
    try {
      return { slug, reservedNow: await slugs.reserve(slug, tenantId) };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new ConflictError(`No free slug derived from "${base}"; choose another tenant name`);
}
