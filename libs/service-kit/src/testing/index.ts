export * from './bind-on-inject.js';
export * from './identity-headers.js';
