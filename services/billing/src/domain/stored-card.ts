import { z } from 'zod';

/**
 * A card as billing's events keep it: brand, last four and expiry, never more (README "Owns"). Events stored
 * before the expiry was kept have none, so it is optional here; a card saved since always has it.
 */
export const storedCardSchema = z.object({
  brand: z.string().min(1).max(40),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12).optional(),
  /** Four digits. */
  expYear: z.number().int().min(1000).max(9999).optional(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

/** A card saved since the expiry was kept. */
export const savedCardSchema = storedCardSchema.required();
