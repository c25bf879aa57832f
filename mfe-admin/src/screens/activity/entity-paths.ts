/** The details screen of an entry's entity, for the kinds that have one (SPEC.md §2's route table). */
const detailsScreens: Record<string, string> = {
  tenant: '/tenant-details',
  user: '/user-details',
  product: '/product-details',
};

export function detailsPathOf(entity: { type: string; id: string }): string | null {
  const screen = detailsScreens[entity.type];
  return screen ? `${screen}/${encodeURIComponent(entity.id)}` : null;
}
