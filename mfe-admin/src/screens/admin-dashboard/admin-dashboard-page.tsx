import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import { useAdminTenants, useProducts } from '@app/web-data';
import { productFigures, tenantFigures } from './figures.js';
import { ProductsTab } from './products-tab.js';
import { SummaryCards } from './summary-cards.js';
import { SystemTab } from './system-tab.js';
import { TenantsTab } from './tenants-tab.js';

/**
 * Admin Dashboard (SPEC.md §2). The shell's admin guard keeps non-admins out; the figures come from the
 * tenants and products reads, except the spec's static uptime.
 */
export function AdminDashboardPage() {
  const tenants = useAdminTenants();
  const products = useProducts();
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Admin Dashboard</h1>
      <SummaryCards
        tenants={tenants.data ? tenantFigures(tenants.data) : undefined}
        products={products.data ? productFigures(products.data) : undefined}
      />
      <Tabs defaultValue="tenants" className="grid gap-4">
        <TabsList aria-label="Admin Dashboard" className="w-fit">
          <TabsTrigger value="tenants">Tenants</TabsTrigger>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="system">System</TabsTrigger>
        </TabsList>
        <TabsContent value="tenants">
          <TenantsTab tenants={tenants} />
        </TabsContent>
        <TabsContent value="products">
          <ProductsTab products={products} />
        </TabsContent>
        <TabsContent value="system">
          <SystemTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
