import { useInvoices, useSubscriptions } from '@app/web-data';
import { useState } from 'react';
import { PaymentMethodCard } from '../../components/card-on-file/payment-method-card.js';
import { BillingCards } from './billing-cards.js';
import { InvoiceList } from './invoice-list.js';
import { SubscriptionList } from './subscription-list.js';

/** Billing & Invoices (SPEC.md §2): the old page's fixed $99/month and $0.00 outstanding are real figures here. */
export function BillingPage() {
  const [now] = useState(() => new Date());
  const subscriptions = useSubscriptions();
  const invoices = useInvoices();
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Billing &amp; Invoices</h1>
      <BillingCards subscriptions={subscriptions} invoices={invoices} />
      <PaymentMethodCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <SubscriptionList subscriptions={subscriptions} />
        <InvoiceList invoices={invoices} now={now} />
      </div>
    </div>
  );
}
