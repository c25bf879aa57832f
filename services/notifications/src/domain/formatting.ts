/** How messages write money and dates: in USD and UTC, as the invoices do (SPEC.md: currency is USD). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

export function formatMoment(iso: string): string {
  return `${moment.format(new Date(iso))} UTC`;
}

/** "Hi Ada," or "Hello," when the name is unknown. */
export function greetingOf(firstName: string | null): string {
  const name = firstName?.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

/** "your Analytics Pro subscription for Acme Corp", or without the product when its name never arrived. */
export function subscriptionName(subscription: { productName: string | null; tenantName: string }): string {
  const product = subscription.productName ? `${subscription.productName} ` : '';
  return `your ${product}subscription for ${subscription.tenantName}`;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A plan as the app names it (SPEC.md: Basic, Professional, Enterprise). */
export function planName(plan: string): string {
  return capitalised(plan);
}
