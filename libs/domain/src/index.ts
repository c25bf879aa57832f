export * from './decider.js';
export * from './errors.js';
export * from './event-types.js';
export * from './defined-only.js';
