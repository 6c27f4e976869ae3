export * from './api-error.js';
export * from './base-api.js';
export * from './auth.api.js';
export * from './teams.api.js';
export * from './drafts.api.js';
export * from './system.api.js';
export * from './results-csv.js';
export * from './idempotency-key.js';
