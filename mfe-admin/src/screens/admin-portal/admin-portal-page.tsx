import { deferredView, ListLoading, Spinner } from '@app/ui';
import {
  useAdminProductSummary,
  useAdminTenantSummary,
  useAdminUserSummary,
  useCurrentUser,
} from '@app/web-data';
import { useEffect } from 'react';
import { TabbedPage } from '../../components/tabbed-page.js';
import { AccessDenied } from './access-denied.js';
import { portalCounts } from './counters.js';
import { PortalCounters } from './portal-counters.js';
import { UsersTab } from './users-tab.js';

/**
 * The tabs behind Users, each a chunk of its own (issue 22): the product form with its validation (react-hook-form
 * and zod) is no part of the portal's first load. They load once the counters have answered, so a tab opened
 * afterwards draws at once, or when a tab is opened before that.
 */
const tenantsTab = deferredView(() => import('./tenants-tab.js'), 'TenantsTab');
const productsTab = deferredView(() => import('./products-tab.js'), 'ProductsTab');
const invoicesTab = deferredView(() => import('./invoices-tab.js'), 'InvoicesTab');
const tabLoading = <ListLoading label="Loading..." />;

/** The counters come from the three summaries, each tab reads its own list as it opens (Radix mounts one). */
function Portal() {
  const users = useAdminUserSummary();
  const tenants = useAdminTenantSummary();
  const products = useAdminProductSummary();
  const counts = portalCounts({ users: users.data, tenants: tenants.data, products: products.data });
  const countersAnswered = [users, tenants, products].every((read) => !read.isPending);
  useEffect(() => {
    if (!countersAnswered) return;
    // A load that fails is the tab's to show, with the screen's Retry, once it is opened.
    for (const tab of [tenantsTab, productsTab, invoicesTab]) tab.preload().catch(() => undefined);
  }, [countersAnswered]);
  return (
    <TabbedPage
      title="Admin Portal"
      summary={<PortalCounters counts={counts} />}
      tabs={[
        { value: 'users', label: 'Users', content: <UsersTab /> },
        { value: 'tenants', label: 'Tenants', content: <tenantsTab.View fallback={tabLoading} /> },
        { value: 'products', label: 'Products', content: <productsTab.View fallback={tabLoading} /> },
        { value: 'invoices', label: 'Invoices', content: <invoicesTab.View fallback={tabLoading} /> },
      ]}
    />
  );
}

/**
 * Admin Portal (SPEC.md §2). The shell guards the route too, but the screen decides for itself (SPEC.md §6):
 * a non-admin sees Access Denied and no admin data is requested.
 */
export function AdminPortalPage() {
  const { isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <Spinner className="py-16" />;
  return isAdmin ? <Portal /> : <AccessDenied />;
}
