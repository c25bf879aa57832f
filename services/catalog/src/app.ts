import { createServiceApp, type ServiceAppContext } from '@app/service-kit/runtime';
import { wireProductCommands } from './application/wire-product-commands.js';
import { adminProductRoutes } from './http/admin-products.routes.js';
import { productExportRoutes } from './http/product-export.routes.js';
import { productSummaryRoutes } from './http/product-summary.routes.js';
import { productQueryRoutes } from './http/products.routes.js';

/** The catalogue's HTTP app (STYLE.md "One service": app.ts builds, the runtime listens). */
export async function buildApp(context: ServiceAppContext, options: { now?: () => Date } = {}) {
  const { db, eventStore, replies } = context;
  const app = await createServiceApp(context, {
    name: 'catalog',
    openapi: { title: 'Catalog API', description: 'Products of the fintech subscription platform.' },
  });
  const now = options.now ?? (() => new Date());
  const commands = wireProductCommands(eventStore, db, now);
  await app.register(productQueryRoutes, { db });
  await app.register(productExportRoutes, { db, now });
  await app.register(adminProductRoutes, { commands, replies });
  await app.register(productSummaryRoutes, { db });
  return app;
}
