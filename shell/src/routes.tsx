import { lazyNamed, Spinner } from '@app/ui';
import { Suspense } from 'react';
import { Route, Routes } from '@app/routing';
import { RequireAdmin, RequireSignedIn } from './auth/guards.js';
import { SignedInFrame } from './layout/signed-in-frame.js';
import { remoteRoutes } from './federation/remote-routes.js';
import { LandingPage } from './pages/landing.js';

// The landing page is the first screen most visitors see; every other page loads when first opened.
const CatalogPage = lazyNamed(() => import('./pages/catalog/catalog-page.js'), 'CatalogPage');
const NotFoundPage = lazyNamed(() => import('./pages/not-found.js'), 'NotFoundPage');
const RemoteScreen = lazyNamed(() => import('./federation/remote-screen.js'), 'RemoteScreen');

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
