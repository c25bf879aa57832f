export * from './product-copy.js';
