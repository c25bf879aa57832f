/** The app's pages a message links to, absolute against PUBLIC_URL (mfe-customer's routes, billing's API). */
export interface AppLinks {
  /** The customer's Billing screen: the card on file, Pay now for an overdue invoice, the subscriptions. */
  billingPage(): string;
  invoicePage(invoiceId: string): string;
  invoicePdf(invoiceId: string): string;
  /** The customer's Settings screen, where a tenant's owner manages its webhook endpoints (API & Webhooks). */
  settingsPage(): string;
}

export function appLinks(publicUrl: string): AppLinks {
  const at = (path: string) => new URL(path, publicUrl).toString();
  return {
    billingPage: () => at('/billing'),
    invoicePage: (invoiceId) => at(`/billing/invoices/${encodeURIComponent(invoiceId)}`),
    invoicePdf: (invoiceId) => at(`/api/invoices/${encodeURIComponent(invoiceId)}/pdf`),
    settingsPage: () => at('/settings'),
  };
}
