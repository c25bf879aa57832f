export * from './database.js';
export * from './names.js';
export * from './free-port.js';
export * from './silent-logger.js';
