import type { FastifyInstance } from 'fastify';
import { requireInternalKey, type InternalKeyOptions } from '../identity/internal-key-guard.js';

/**
 * Makes every route of this plugin's scope an internal call (`/internal/...`, for one other service): not under
 * /api, so the gateway never routes a browser there, and requireInternalKey refuses anyone without the key derived
 * for `purpose`. Register it in the encapsulated scope of the internal routes only.
 */
export function guardInternalRoutes(app: FastifyInstance, key: InternalKeyOptions): void {
  app.addHook('onRequest', requireInternalKey(key));
}

/**
 * The options of an internal route with its schema: 'public' to the access policy, as its caller is a service,
 * not a user (guardInternalRoutes is the guard), and hidden from OpenAPI.
 */
export function internalRoute<Schema extends object>(schema: Schema) {
  return { config: { policy: 'public' as const }, schema: { hide: true, ...schema } };
}
