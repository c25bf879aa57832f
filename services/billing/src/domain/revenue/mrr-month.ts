import type { MrrMovement } from './mrr-movement.js';

/**
 * One month's MRR movements, summed: each kind's cents (sizes, all positive) and the customers who started,
 * churned or came back. Every field adds, so months fold from movements in any grouping.
 */
export interface MrrMonth {
  newCents: number;
  expansionCents: number;
  contractionCents: number;
  churnedCents: number;
  reactivationCents: number;
  newCustomers: number;
  churnedCustomers: number;
  reactivatedCustomers: number;
}

export const emptyMrrMonth: MrrMonth = {
  newCents: 0,
  expansionCents: 0,
  contractionCents: 0,
  churnedCents: 0,
  reactivationCents: 0,
  newCustomers: 0,
  churnedCustomers: 0,
  reactivatedCustomers: 0,
};

/** What one movement adds to its month. */
export function mrrMonthOf(movement: MrrMovement): MrrMonth {
  switch (movement.kind) {
    case 'new':
      return { ...emptyMrrMonth, newCents: movement.cents, newCustomers: 1 };
    case 'expansion':
      return { ...emptyMrrMonth, expansionCents: movement.cents };
    case 'contraction':
      return { ...emptyMrrMonth, contractionCents: movement.cents };
    case 'churn':
      return { ...emptyMrrMonth, churnedCents: movement.cents, churnedCustomers: 1 };
    case 'reactivation':
      return { ...emptyMrrMonth, reactivationCents: movement.cents, reactivatedCustomers: 1 };
  }
}

export function addMrrMonths(a: MrrMonth, b: MrrMonth): MrrMonth {
  return {
    newCents: a.newCents + b.newCents,
    expansionCents: a.expansionCents + b.expansionCents,
    contractionCents: a.contractionCents + b.contractionCents,
    churnedCents: a.churnedCents + b.churnedCents,
    reactivationCents: a.reactivationCents + b.reactivationCents,
    newCustomers: a.newCustomers + b.newCustomers,
    churnedCustomers: a.churnedCustomers + b.churnedCustomers,
    reactivatedCustomers: a.reactivatedCustomers + b.reactivatedCustomers,
  };
}

/** The MRR a month's movements add (negative when it lost more than it gained). */
export function netNewCents(month: MrrMonth): number {
  return (
    month.newCents +
    month.expansionCents +
    month.reactivationCents -
    month.contractionCents -
    month.churnedCents
  );
}

/** How many paying customers a month's movements add (negative when more churned than came). */
export function netNewCustomers(month: MrrMonth): number {
  return month.newCustomers + month.reactivatedCustomers - month.churnedCustomers;
}
