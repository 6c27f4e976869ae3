export {
  getLiveSocket,
  noteLiveConnection,
  onLiveEvent,
  replacedConnectionId,
  setLiveSocket,
} from './live-socket-registry.js';
export { useLiveEvent, useLiveEvents } from './use-live-event.js';
export * from './live-gate.js';
export * from './server-clock-slice.js';
export * from './live-cache.js';
export { askLiveSocket, type LiveAnswer } from './ask-live-socket.js';
export { useJoinDraftRoom } from './use-join-draft-room.js';
export { watchDraftList } from './watch-drafts.js';
