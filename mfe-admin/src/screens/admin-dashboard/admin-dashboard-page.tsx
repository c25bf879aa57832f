import {
  dashboardTenantLimit,
  useAdminProductSummary,
  useAdminTenantList,
  useAdminTenantSummary,
  useProductList,
} from '@app/web-data';
import { TabbedPage } from '../../components/tabbed-page.js';
import { TenantsCard } from '../../components/tenants-card.js';
import { monitorPath } from './monitor-path.js';
import { ProductsTab } from './products-tab.js';
import { RevenueTab } from './revenue/revenue-tab.js';
import { SummaryCards } from './summary-cards.js';
import { SystemTab } from './system-tab.js';

/**
 * Admin Dashboard (SPEC.md §2). The shell's admin guard keeps non-admins out; the figures come from the tenant
 * and product summaries (ARCHITECTURE.md "Decisions for growth": counts never come from a whole list), except
 * the spec's static uptime. The Tenants tab reads only the first 10 tenants; Revenue (issue 21) reads billing's
 * revenue figures when it is opened.
 */
export function AdminDashboardPage() {
  const tenantSummary = useAdminTenantSummary();
  const productSummary = useAdminProductSummary();
  const tenants = useAdminTenantList({ limit: dashboardTenantLimit });
  const products = useProductList();
  return (
    <TabbedPage
      title="Admin Dashboard"
      summary={<SummaryCards tenants={tenantSummary} products={productSummary} />}
      tabs={[
        {
          value: 'tenants',
          label: 'Tenants',
          content: <TenantsCard tenants={tenants} firstPageOnly monitorPath={monitorPath} />,
        },
        { value: 'products', label: 'Products', content: <ProductsTab products={products} /> },
        { value: 'revenue', label: 'Revenue', content: <RevenueTab /> },
        { value: 'system', label: 'System', content: <SystemTab /> },
      ]}
    />
  );
}
