export * from './env.js';
export * from './parse-config.js';
export * from './service-env.js';
export * from './database-config.js';
