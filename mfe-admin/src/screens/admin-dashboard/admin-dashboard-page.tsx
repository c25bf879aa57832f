import { useAdminTenants, useProducts } from '@app/web-data';
import { TabbedPage } from '../../components/tabbed-page.js';
import { TenantsCard } from '../../components/tenants-card.js';
import { dashboardTenantLimit, productFigures, tenantFigures } from './figures.js';
import { monitorPath } from './monitor-path.js';
import { ProductsTab } from './products-tab.js';
import { SummaryCards } from './summary-cards.js';
import { SystemTab } from './system-tab.js';

/**
 * Admin Dashboard (SPEC.md §2). The shell's admin guard keeps non-admins out; the figures come from the
 * tenants and products reads, except the spec's static uptime.
 */
export function AdminDashboardPage() {
  const tenants = useAdminTenants();
  const products = useProducts();
  return (
    <TabbedPage
      title="Admin Dashboard"
      summary={
        <SummaryCards
          tenants={tenants.data ? tenantFigures(tenants.data) : undefined}
          products={products.data ? productFigures(products.data) : undefined}
        />
      }
      tabs={[
        {
          value: 'tenants',
          label: 'Tenants',
          content: <TenantsCard tenants={tenants} limit={dashboardTenantLimit} monitorPath={monitorPath} />,
        },
        { value: 'products', label: 'Products', content: <ProductsTab products={products} /> },
        { value: 'system', label: 'System', content: <SystemTab /> },
      ]}
    />
  );
}
