export { sealedSecretSchema, type SealedSecret } from './sealed-secret.js';
export * from './key-ring.js';
export * from './seal.js';
export * from './context.js';
