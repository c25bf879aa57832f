export * from './event-store.js';
export * from './command-handler.js';
export * from './migrations.js';
