export * from './common.js';
export * from './integration-envelope.js';
export * from './catalog/product.js';
export * from './catalog/product-events.js';
export * from './catalog/integration-events.js';
