import { createQueryClient } from '@app/web-data';
import { QueryClientProvider } from '@app/query';
import { useState } from 'react';
import { BrowserRouter } from '@app/routing';
import { DeferredToaster } from './layout/deferred-toaster.js';
import { AppRoutes } from './routes.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
