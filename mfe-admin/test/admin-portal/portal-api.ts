import type {
  CurrentUser,
  Product,
  ProductSummary,
  Tenant,
  TenantSummary,
  User,
  UserSummary,
} from '@app/contracts';
import { json, stubApi, type Routes } from '@app/test-support/web';
import { aCurrentUser, aProductSummary, aTenantSummary, aUserSummary } from '../support/fixtures.js';

interface PortalData {
  users?: User[];
  tenants?: Tenant[];
  products?: Product[];
  me?: CurrentUser;
  userSummary?: UserSummary;
  tenantSummary?: TenantSummary;
  productSummary?: ProductSummary;
}

/**
 * The reads the Admin Portal makes for a signed-in admin: the current user, the three summaries behind the
 * counters, and the first page of each list (no search), plus whatever a test adds or overrides.
 */
export function stubPortal(data: PortalData = {}, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': () => json(data.me ?? aCurrentUser()),
    'GET /api/admin/users/summary': () => json(data.userSummary ?? aUserSummary()),
    'GET /api/admin/tenants/summary': () => json(data.tenantSummary ?? aTenantSummary()),
    'GET /api/admin/products/summary': () => json(data.productSummary ?? aProductSummary()),
    'GET /api/admin/users': () => json(data.users ?? []),
    'GET /api/admin/tenants': () => json(data.tenants ?? []),
    'GET /api/products': () => json(data.products ?? []),
    ...routes,
  });
}
