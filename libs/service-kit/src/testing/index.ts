export * from './identity-headers.js';
