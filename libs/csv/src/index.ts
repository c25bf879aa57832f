export * from './csv-cell.js';
export * from './csv-text.js';
