import { createQueryClient } from '@app/web-data';
import { QueryClientProvider } from '@app/query';
import { useState } from 'react';
import { BrowserRouter } from '@app/routing';
import { NextScreens } from './federation/next-screens.js';
import { RoutePrefetch } from './federation/route-prefetch.js';
import { DeferredToaster } from './layout/deferred-toaster.js';
import { AppRoutes } from './routes.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RoutePrefetch />
        <NextScreens />
        <AppRoutes />
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
