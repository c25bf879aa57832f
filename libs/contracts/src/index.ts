export * from './common.js';
export * from './integration-envelope.js';
export * from './catalog/product.js';
export * from './catalog/product-events.js';
export * from './catalog/integration-events.js';
export * from './identity/user.js';
export * from './identity/user-events.js';
export * from './identity/integration-events.js';
