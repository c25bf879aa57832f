export { sealedSecretSchema, type SealedSecret } from '@app/contracts';
export * from './key-ring.js';
export * from './seal.js';
export * from './context.js';
