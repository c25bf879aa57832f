export * from './database.js';
export * from './names.js';
export * from './free-port.js';
