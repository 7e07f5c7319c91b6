export * from './networks.js';
export * from './errors.js';
export * from './enums.js';
export * from './schema-kit.js';
export * from './resources.js';
export * from './services.js';
export * from './operations.js';

/** interface.md §Versioning: "title Marketplace Api and the version 0.0.1". */
export const CONTRACT_VERSION = '0.0.1';
