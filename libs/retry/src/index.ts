export * from './backoff.js';
export * from './sleep.js';
export * from './retry-until-aborted.js';
