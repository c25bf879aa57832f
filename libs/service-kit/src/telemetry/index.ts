export * from './start-telemetry.js';
export * from './trace-context.js';
