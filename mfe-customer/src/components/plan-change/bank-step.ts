/**
 * The 3-D Secure step an upgrade's bank asks for, shown by Stripe.js over the page (issue 19). Stripe.js is fetched
 * only now, as the checkout does (use-stripe.ts): the `pure` entry injects its script on the first `loadStripe`,
 * so a customer whose bank never asks loads nothing from js.stripe.com. Answers Stripe.js's own words when it
 * reports the step failed, else null: billing has the charge's outcome either way. Rejects when Stripe.js cannot
 * be loaded (blocked, offline), the step not having run.
 */
export async function runBankStep(publishableKey: string, clientSecret: string): Promise<string | null> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available');
  const { error } = await stripe.handleNextAction({ clientSecret });
  return error ? (error.message ?? 'Your bank did not confirm the payment.') : null;
}
