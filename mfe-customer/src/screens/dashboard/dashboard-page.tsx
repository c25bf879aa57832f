import { deferredView, ListLoading, Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import { isUnauthorizedError, useCurrentUser, useInvoices, useSubscriptions, useUsage } from '@app/web-data';
import { useEffect } from 'react';
import { subscriptionFigures, totalSpending, usageThisMonth } from './figures.js';
import { OverviewTab } from './overview-tab.js';
import { PaymentBanner } from './payment-banner.js';
import { SummaryCards } from './summary-cards.js';
import { useLogInAgain } from '../../components/use-log-in-again.js';
import { usePaymentReturn } from './use-payment-return.js';

/**
 * The tabs behind Overview, each a chunk of its own (issue 22): their dialogs, the plan change and the activity's
 * virtual list are no part of the dashboard's first load. They load once the dashboard's reads have answered, so
 * a tab opened afterwards draws at once, or when a tab is opened before that.
 */
const subscriptionsTab = deferredView(() => import('./subscriptions-tab.js'), 'SubscriptionsTab');
const billingTab = deferredView(() => import('./billing-tab.js'), 'BillingTab');
const activityTab = deferredView(() => import('./activity-tab.js'), 'ActivityTab');
const tabLoading = <ListLoading label="Loading..." />;

/** A 401 is answered by the toast and a new sign-in (SPEC.md §6), not by a message on the page. */
function shownError(error: Error | null): Error | null {
  return isUnauthorizedError(error) ? null : error;
}

/** Customer dashboard (SPEC.md §2): the signed-in customer's subscriptions, spending and this month's usage. */
export function DashboardPage() {
  const auth = useCurrentUser();
  const subscriptions = useSubscriptions();
  const invoices = useInvoices();
  const usage = useUsage();
  const payment = usePaymentReturn();

  const reads = [subscriptions, invoices, usage];
  const signedOut = !auth.isLoading && !auth.isAuthenticated;
  useLogInAgain(signedOut || reads.some(({ error }) => isUnauthorizedError(error)));
  const readsAnswered = reads.every((read) => !read.isPending);
  useEffect(() => {
    if (!readsAnswered) return;
    // A load that fails is the tab's to show, with the screen's Retry, once it is opened.
    for (const tab of [subscriptionsTab, billingTab, activityTab]) tab.preload().catch(() => undefined);
  }, [readsAnswered]);

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Dashboard</h1>
      {reads.some((read) => read.isPending) ? (
        <p role="status" className="sr-only">
          Loading dashboard...
        </p>
      ) : null}
      {payment.paid ? <PaymentBanner onDismiss={payment.dismiss} /> : null}
      <SummaryCards
        figures={{
          subscriptions: subscriptions.data && subscriptionFigures(subscriptions.data),
          spending: invoices.data && totalSpending(invoices.data),
          usage: usage.data && usageThisMonth(usage.data),
        }}
        errors={{
          subscriptions: shownError(subscriptions.error),
          invoices: shownError(invoices.error),
          usage: shownError(usage.error),
        }}
      />
      <Tabs defaultValue="overview" className="grid gap-4">
        <TabsList aria-label="Dashboard" className="w-fit max-w-full overflow-x-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="subscriptions">
          <subscriptionsTab.View subscriptions={subscriptions} fallback={tabLoading} />
        </TabsContent>
        <TabsContent value="billing">
          <billingTab.View invoices={invoices} fallback={tabLoading} />
        </TabsContent>
        <TabsContent value="activity">
          <activityTab.View fallback={tabLoading} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
