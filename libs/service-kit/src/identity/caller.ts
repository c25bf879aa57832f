import { z } from 'zod';

export type Role = 'admin' | 'tenant';

/**
 * The admin behind a caller who is being viewed (issue 21, view as customer): the token's RFC 8693 `act` claim.
 * A caller with an actor is the customer, with the customer's rights minus every write (read-only-view.ts).
 */
export interface Actor {
  /** The admin's user id (`act.sub`). */
  userId: string;
  /** Identity's view-as session the gateway resolved (`act.vas`), so identity can describe it. */
  viewAsSessionId: string;
}

/** Who is calling, as the gateway vouched for it in the identity token; null on public routes without one. */
export interface Caller {
  userId: string;
  role: Role;
  email?: string;
  tenantId?: string;
  /** Present only when an admin views the platform as this caller: then nothing may be changed. */
  actor?: Actor;
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
  act: z.object({ sub: z.string().min(1), vas: z.string().min(1) }).optional(),
});

export type IdentityClaims = z.infer<typeof identityClaimsSchema>;

/** The caller's claims as the gateway signs them (every signer of identity tokens uses this one mapping). */
export function callerClaims(caller: Caller): IdentityClaims {
  return {
    sub: caller.userId,
    role: caller.role,
    ...(caller.email === undefined ? {} : { email: caller.email }),
    ...(caller.tenantId === undefined ? {} : { tenantId: caller.tenantId }),
    ...(caller.actor === undefined
      ? {}
      : { act: { sub: caller.actor.userId, vas: caller.actor.viewAsSessionId } }),
  };
}

/** The caller that verified claims name: the inverse of callerClaims. */
export function callerOfClaims(claims: IdentityClaims): Caller {
  return {
    userId: claims.sub,
    role: claims.role,
    ...(claims.email === undefined ? {} : { email: claims.email }),
    ...(claims.tenantId === undefined ? {} : { tenantId: claims.tenantId }),
    ...(claims.act === undefined
      ? {}
      : { actor: { userId: claims.act.sub, viewAsSessionId: claims.act.vas } }),
  };
}
