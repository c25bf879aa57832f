import type { CurrentUser, Product, Tenant, User } from '@app/contracts';
import { json, stubApi, type Routes } from '@app/test-support/web';
import { aCurrentUser } from '../support/fixtures.js';

/** The four reads the Admin Portal makes for a signed-in admin, plus whatever a test adds or overrides. */
export function stubPortal(
  lists: { users?: User[]; tenants?: Tenant[]; products?: Product[]; me?: CurrentUser } = {},
  routes: Routes = {},
) {
  return stubApi({
    'GET /api/auth/user': () => json(lists.me ?? aCurrentUser()),
    'GET /api/admin/users': () => json(lists.users ?? []),
    'GET /api/admin/tenants': () => json(lists.tenants ?? []),
    'GET /api/products': () => json(lists.products ?? []),
    ...routes,
  });
}
