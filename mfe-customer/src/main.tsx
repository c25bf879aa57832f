import './standalone.css';
import { ScreenLoading, Toaster } from '@app/ui';
import { createQueryClient } from '@app/web-data';
import { QueryClientProvider } from '@app/query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@app/routing';
import { screens, standalonePaths } from './routes.js';

/**
 * Standalone development (`vite dev`): this remote's screens on their shell paths, without the shell's guards
 * or navigation bar. Sign in through the proxied gateway's /api/login first.
 */
const routes = Object.entries(screens).map(([name, load]) => ({
  name,
  path: standalonePaths[name] ?? `/${name}`,
  Screen: lazy(async () => ({ default: await load() })),
}));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter basename={import.meta.env.BASE_URL}>
        <Suspense fallback={<ScreenLoading />}>
          <Routes>
            {routes.map(({ name, path, Screen }) => (
              <Route key={name} path={path} element={<Screen />} />
            ))}
          </Routes>
        </Suspense>
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
