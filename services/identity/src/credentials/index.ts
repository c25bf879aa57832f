export * from './credential-store.js';
export * from './password-hashing.js';
export * from './password-policy.js';
