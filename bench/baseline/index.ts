export * from './workflows.js';
