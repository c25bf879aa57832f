import { Spinner } from '@app/ui';
import { useAdminTenants, useAdminUsers, useCurrentUser, useProducts } from '@app/web-data';
import { TabbedPage } from '../../components/tabbed-page.js';
import { TenantsCard } from '../../components/tenants-card.js';
import { AccessDenied } from './access-denied.js';
import { portalCounts } from './counters.js';
import { monitorPath } from './monitor-path.js';
import { PortalCounters } from './portal-counters.js';
import { ProductsTab } from './products-tab.js';
import { UsersTab } from './users-tab.js';

function Portal() {
  const users = useAdminUsers();
  const tenants = useAdminTenants();
  const products = useProducts();
  const counts = portalCounts({ users: users.data, tenants: tenants.data, products: products.data });
  return (
    <TabbedPage
      title="Admin Portal"
      summary={<PortalCounters counts={counts} />}
      tabs={[
        { value: 'users', label: 'Users', content: <UsersTab users={users} /> },
        {
          value: 'tenants',
          label: 'Tenants',
          content: <TenantsCard tenants={tenants} monitorPath={monitorPath} />,
        },
        { value: 'products', label: 'Products', content: <ProductsTab products={products} /> },
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
