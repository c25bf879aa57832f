import { Spinner } from '@app/ui';
import {
  useAdminProductSummary,
  useAdminTenantSummary,
  useAdminUserSummary,
  useCurrentUser,
} from '@app/web-data';
import { TabbedPage } from '../../components/tabbed-page.js';
import { AccessDenied } from './access-denied.js';
import { portalCounts } from './counters.js';
import { PortalCounters } from './portal-counters.js';
import { ProductsTab } from './products-tab.js';
import { TenantsTab } from './tenants-tab.js';
import { UsersTab } from './users-tab.js';

/** The counters come from the three summaries, each tab reads its own list as it opens (Radix mounts one). */
function Portal() {
  const users = useAdminUserSummary();
  const tenants = useAdminTenantSummary();
  const products = useAdminProductSummary();
  const counts = portalCounts({ users: users.data, tenants: tenants.data, products: products.data });
  return (
    <TabbedPage
      title="Admin Portal"
      summary={<PortalCounters counts={counts} />}
      tabs={[
        { value: 'users', label: 'Users', content: <UsersTab /> },
        { value: 'tenants', label: 'Tenants', content: <TenantsTab /> },
        { value: 'products', label: 'Products', content: <ProductsTab /> },
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
