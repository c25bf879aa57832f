export * from './storage.js';
export * from './relay.js';
export * from './rebuild-command.js';
export * from './run-event-sourced-service.js';
export * from './service-lag.js';
export * from './service-descriptor.js';
export * from './service-app.js';
export * from './consumer.js';
