export * from './storage.js';
export * from './relay.js';
export * from './rebuild-command.js';
