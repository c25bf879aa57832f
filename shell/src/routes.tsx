import { ScreenLoading, Spinner } from '@app/ui';
import { Route, Routes } from '@app/routing';
import { RequireAdmin, RequireSignedIn } from './auth/guards.js';
import { remoteRoutes } from './federation/remote-routes.js';
import { PageFrame } from './layout/page-frame.js';
import { LandingPage } from './pages/landing.js';
import { catalogPage, notFoundPage, remoteScreen } from './route-views.js';

const guards = { 'signed-in': RequireSignedIn, admin: RequireAdmin } as const;

/**
 * SPEC.md §2's routes. A remote's route draws its frame (the navigation bar and the screen's place) at once, and
 * the sign-in check, the screen's code and its data fill it in as they answer.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route
        path="/catalog"
        element={
          <catalogPage.View
            fallback={
              <PageFrame>
                <ScreenLoading />
              </PageFrame>
            }
          />
        }
      />
      {remoteRoutes.map(({ path, remote, screen, access }) => {
        const Guard = guards[access];
        return (
          <Route
            key={path}
            path={path}
            element={
              <PageFrame>
                <Guard>
                  <remoteScreen.View remote={remote} screen={screen} fallback={<ScreenLoading />} />
                </Guard>
              </PageFrame>
            }
          />
        );
      })}
      <Route path="*" element={<notFoundPage.View fallback={<PageLoading />} />} />
    </Routes>
  );
}

function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label="Loading page" />
    </div>
  );
}
