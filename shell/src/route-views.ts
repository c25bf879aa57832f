import { deferredView } from '@app/ui';

// The landing page is the first screen most visitors see; every other page's code loads when first opened, or
// ahead of it at navigation (federation/route-prefetch.tsx).
export const catalogPage = deferredView(() => import('./pages/catalog/catalog-page.js'), 'CatalogPage');
export const notFoundPage = deferredView(() => import('./pages/not-found.js'), 'NotFoundPage');
export const remoteScreen = deferredView(() => import('./federation/remote-screen.js'), 'RemoteScreen');
