export * from './session-storage.js';
export * from './session-events.js';
