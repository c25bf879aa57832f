import { Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import { useAdminTenants, useAdminUsers, useCurrentUser, useProducts } from '@app/web-data';
import { AccessDenied } from './access-denied.js';
import { portalCounts } from './counters.js';
import { PortalCounters } from './portal-counters.js';
import { ProductsTab } from './products-tab.js';
import { TenantsTab } from './tenants-tab.js';
import { UsersTab } from './users-tab.js';

function Portal() {
  const users = useAdminUsers();
  const tenants = useAdminTenants();
  const products = useProducts();
  const counts = portalCounts({ users: users.data, tenants: tenants.data, products: products.data });
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Admin Portal</h1>
      <PortalCounters counts={counts} />
      <Tabs defaultValue="users" className="grid gap-4">
        <TabsList aria-label="Admin Portal" className="w-fit">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="tenants">Tenants</TabsTrigger>
          <TabsTrigger value="products">Products</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab users={users} />
        </TabsContent>
        <TabsContent value="tenants">
          <TenantsTab tenants={tenants} />
        </TabsContent>
        <TabsContent value="products">
          <ProductsTab products={products} />
        </TabsContent>
      </Tabs>
    </div>
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
