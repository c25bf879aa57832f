export * from './fetch-stub.js';
export * from './render.js';
export * from './paged.js';
export * from './plan-change.js';
