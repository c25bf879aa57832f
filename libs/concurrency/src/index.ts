export * from './map-bounded.js';
