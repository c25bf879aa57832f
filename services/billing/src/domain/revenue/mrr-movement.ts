/**
 * MRR movements as ChartMogul classifies them (services/billing/README.md "Revenue analytics"), per customer,
 * the tenant: a customer's first MRR is new business; any later rise expansion and any fall that leaves MRR
 * contraction; a fall to nothing churn; and MRR again after churning reactivation, however long after.
 */
export type MrrMovementKind = 'new' | 'expansion' | 'contraction' | 'churn' | 'reactivation';

/** What the fold keeps of a customer: their MRR now, and whether they ever had any (new or reactivation). */
export interface RevenueCustomer {
  mrrCents: number;
  hasPaid: boolean;
}

/** A change of one customer's MRR; `cents` is its size, positive whichever way it went. */
export interface MrrMovement {
  kind: MrrMovementKind;
  cents: number;
}

export const noCustomer: RevenueCustomer = { mrrCents: 0, hasPaid: false };

/** The movement that takes `before` to `afterCents` of MRR, or null when their MRR did not change. */
export function mrrMovement(before: RevenueCustomer, afterCents: number): MrrMovement | null {
  const change = afterCents - before.mrrCents;
  if (change === 0) return null;
  if (before.mrrCents === 0) return { kind: before.hasPaid ? 'reactivation' : 'new', cents: afterCents };
  if (afterCents === 0) return { kind: 'churn', cents: before.mrrCents };
  return change > 0 ? { kind: 'expansion', cents: change } : { kind: 'contraction', cents: -change };
}

/** The customer after `afterCents`: one who had MRR once stays one who has paid. */
export function customerAfter(before: RevenueCustomer, afterCents: number): RevenueCustomer {
  return { mrrCents: afterCents, hasPaid: before.hasPaid || afterCents > 0 };
}
