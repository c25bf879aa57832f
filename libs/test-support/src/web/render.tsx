import { Toaster } from '@app/ui';
import { createQueryClient } from '@app/web-data';
import { QueryClientProvider, type QueryClient } from '@app/query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@app/routing';

export interface RenderOptions {
  /** The route pattern the screen is mounted on, for screens that read `useParams`, e.g. `/tenant-details/:id`. */
  route?: string;
  client?: QueryClient;
}

/** Where the router is now, shown for assertions on navigation (`screen.getByTestId('location')`). */
function LocationProbe() {
  const location = useLocation();
  return (
    <span data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </span>
  );
}

/**
 * Renders a screen as the shell mounts it: under a query client with the app's defaults, an in-memory router at
 * `path`, and the shell's toaster, so toasts can be asserted on.
 */
export function renderScreen(ui: ReactNode, path = '/', options: RenderOptions = {}) {
  const client = options.client ?? createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {options.route === undefined ? (
          ui
        ) : (
          <Routes>
            <Route path={options.route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        )}
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client };
}
