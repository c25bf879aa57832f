import { lazyNamed, Spinner } from '@app/ui';
import { Suspense } from 'react';
import { Route, Routes } from '@app/routing';
import { RequireAdmin, RequireSignedIn } from './auth/guards.js';
import { SignedInFrame } from './layout/signed-in-frame.js';
import type { RemoteName } from './federation/remote-config.js';
import { LandingPage } from './pages/landing.js';

// The landing page is the first screen most visitors see; every other page loads when first opened.
const CatalogPage = lazyNamed(() => import('./pages/catalog/catalog-page.js'), 'CatalogPage');
const NotFoundPage = lazyNamed(() => import('./pages/not-found.js'), 'NotFoundPage');
const RemoteScreen = lazyNamed(() => import('./federation/remote-screen.js'), 'RemoteScreen');

interface RemoteRoute {
  path: string;
  remote: RemoteName;
  screen: string;
  /** Who the shell lets through; the services enforce access again on every call. */
  access: 'signed-in' | 'admin';
}

/**
 * SPEC.md §2's route table: customer screens come from mfe-customer, admin screens from mfe-admin. The Admin
 * Portal lets every signed-in user in because it answers a non-admin itself, with its Access Denied card
 * (SPEC.md §6); the other admin routes redirect non-admins.
 */
const remoteRoutes: readonly RemoteRoute[] = [
  { path: '/dashboard', remote: 'mfe_customer', screen: 'dashboard', access: 'signed-in' },
  { path: '/checkout/:productId?', remote: 'mfe_customer', screen: 'checkout', access: 'signed-in' },
  { path: '/analytics', remote: 'mfe_customer', screen: 'analytics', access: 'signed-in' },
  { path: '/billing', remote: 'mfe_customer', screen: 'billing', access: 'signed-in' },
  { path: '/billing/invoices/:invoiceId', remote: 'mfe_customer', screen: 'invoice', access: 'signed-in' },
  { path: '/settings', remote: 'mfe_customer', screen: 'settings', access: 'signed-in' },
  { path: '/admin', remote: 'mfe_admin', screen: 'admin-dashboard', access: 'admin' },
  { path: '/admin-portal', remote: 'mfe_admin', screen: 'admin-portal', access: 'signed-in' },
  { path: '/tenant-details/:id', remote: 'mfe_admin', screen: 'tenant-details', access: 'admin' },
  { path: '/tenant-monitoring/:tenantId', remote: 'mfe_admin', screen: 'tenant-monitoring', access: 'admin' },
  { path: '/product-details/:id', remote: 'mfe_admin', screen: 'product-details', access: 'admin' },
  { path: '/user-details/:id', remote: 'mfe_admin', screen: 'user-details', access: 'admin' },
  { path: '/admin-activity', remote: 'mfe_admin', screen: 'activity', access: 'admin' },
];

const guards = { 'signed-in': RequireSignedIn, admin: RequireAdmin } as const;

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/catalog" element={<CatalogPage />} />
        {remoteRoutes.map(({ path, remote, screen, access }) => {
          const Guard = guards[access];
          return (
            <Route
              key={path}
              path={path}
              element={
                <Guard>
                  <SignedInFrame>
                    <RemoteScreen remote={remote} screen={screen} />
                  </SignedInFrame>
                </Guard>
              }
            />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label="Loading page" />
    </div>
  );
}
