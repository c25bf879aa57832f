import { z } from 'zod';

export type Role = 'admin' | 'tenant';

/** Who is calling, as the gateway vouched for it in the identity token; null on public routes without one. */
export interface Caller {
  userId: string;
  role: Role;
  email?: string;
  tenantId?: string;
}

/** Route access levels (SPEC.md §6): every route declares one, so nothing is open by omission. */
export type Policy = 'public' | 'signed-in' | 'admin';

export const policies: readonly Policy[] = ['public', 'signed-in', 'admin'];

export function isPolicy(value: unknown): value is Policy {
  return typeof value === 'string' && (policies as readonly string[]).includes(value);
}

/** The token's claims; `sub` is the user id. Unknown claims are ignored, missing or malformed ones reject. */
export const identityClaimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(['admin', 'tenant']),
  email: z.string().optional(),
  tenantId: z.string().optional(),
});
