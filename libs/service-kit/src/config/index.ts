export * from './env.js';
export * from './parse-config.js';
