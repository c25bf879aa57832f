/** The app's pages a message links to, absolute against PUBLIC_URL (mfe-customer's routes, billing's API). */
export interface AppLinks {
  invoicePage(invoiceId: string): string;
  invoicePdf(invoiceId: string): string;
}

export function appLinks(publicUrl: string): AppLinks {
  const at = (path: string) => new URL(path, publicUrl).toString();
  return {
    invoicePage: (invoiceId) => at(`/billing/invoices/${encodeURIComponent(invoiceId)}`),
    invoicePdf: (invoiceId) => at(`/api/invoices/${encodeURIComponent(invoiceId)}/pdf`),
  };
}
