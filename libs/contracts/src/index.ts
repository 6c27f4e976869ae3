export * from './envelope.js';
export * from './ids.js';
export * from './auth.js';
export * from './teams.js';
export * from './drafts.js';
export * from './system.js';
export * from './players.js';
export * from './socket.js';
