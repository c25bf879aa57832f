export * from './start-telemetry.js';
export * from './trace-context.js';
export * from './boot-service.js';
export * from './metric-catalogue.js';
export * from './catalogue-counter.js';
