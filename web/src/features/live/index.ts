export * from './live-slice.js';
export { getLiveSocket, openLiveConnection, closeLiveConnection, LIVE_TOASTS } from './live-socket.js';
export { LiveConnection } from './live-connection.js';
export { LiveIndicator } from './live-indicator.js';
