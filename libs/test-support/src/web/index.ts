export * from './fetch-stub.js';
export * from './render.js';
