export { getLiveSocket, onLiveEvent, setLiveSocket } from './live-socket-registry.js';
export { useLiveEvent } from './use-live-event.js';
