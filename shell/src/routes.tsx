import { Route, Routes } from 'react-router-dom';
import { RequireAdmin, RequireSignedIn } from './auth/guards.js';
import { SignedInFrame } from './layout/signed-in-frame.js';
import { RemoteScreen } from './federation/remote-screen.js';
import type { RemoteName } from './federation/remote-config.js';
import { CatalogPage } from './pages/catalog/catalog-page.js';
import { LandingPage } from './pages/landing.js';
import { NotFoundPage } from './pages/not-found.js';

interface RemoteRoute {
  path: string;
  remote: RemoteName;
  screen: string;
}

/** SPEC.md §2's route table: signed-in routes come from mfe-customer, admin routes from mfe-admin. */
const customerRoutes: readonly RemoteRoute[] = [
  { path: '/dashboard', remote: 'mfe_customer', screen: 'dashboard' },
  { path: '/checkout/:productId?', remote: 'mfe_customer', screen: 'checkout' },
  { path: '/analytics', remote: 'mfe_customer', screen: 'analytics' },
  { path: '/billing', remote: 'mfe_customer', screen: 'billing' },
  { path: '/settings', remote: 'mfe_customer', screen: 'settings' },
];

const adminRoutes: readonly RemoteRoute[] = [
  { path: '/admin', remote: 'mfe_admin', screen: 'admin-dashboard' },
  { path: '/admin-portal', remote: 'mfe_admin', screen: 'admin-portal' },
  { path: '/tenant-details/:id', remote: 'mfe_admin', screen: 'tenant-details' },
  { path: '/tenant-monitoring/:tenantId', remote: 'mfe_admin', screen: 'tenant-monitoring' },
  { path: '/product-details/:id', remote: 'mfe_admin', screen: 'product-details' },
  { path: '/user-details/:id', remote: 'mfe_admin', screen: 'user-details' },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/catalog" element={<CatalogPage />} />
      {customerRoutes.map(({ path, remote, screen }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireSignedIn>
              <SignedInFrame>
                <RemoteScreen remote={remote} screen={screen} />
              </SignedInFrame>
            </RequireSignedIn>
          }
        />
      ))}
      {adminRoutes.map(({ path, remote, screen }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAdmin>
              <SignedInFrame>
                <RemoteScreen remote={remote} screen={screen} />
              </SignedInFrame>
            </RequireAdmin>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
