export * from './workflows.js';
export * from './handwritten.js';
