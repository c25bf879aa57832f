export * from './audit-changes.js';
export * from './audited-aggregate.js';
export * from './audit-envelope.js';
