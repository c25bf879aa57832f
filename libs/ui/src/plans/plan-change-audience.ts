/**
 * Who reads a plan change's wording: an admin, about a tenant's subscription, or the customer, about their own.
 * The rules and the sentences' shape are one; only the voice (the tenant's card or your card) differs.
 */
export type PlanChangeAudience = 'admin' | 'customer';
