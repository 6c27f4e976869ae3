export { GatewayModule } from './gateway.module.js';
export { RealtimePublisher } from './realtime-publisher.js';
export {
  PresenceService,
  PresenceUnavailableError,
  unlessPresenceUnavailable,
  type ActiveUser,
} from './presence.service.js';
export { localRoomJoin, localRoomsLeft } from './presence-fallback.js';
export { SocketServerRef } from './socket-server.ref.js';
export { SocketDisconnectHooks } from './socket-disconnect-hooks.js';
export { RedisIoAdapter } from './redis-io.adapter.js';
export { socketUser } from './socket-user.js';
export {
  ADMINS_ROOM,
  AUTHENTICATED_ROOM,
  DRAFT_WATCHERS_ROOM,
  draftRoom,
  joinedDrafts,
  userRoom,
} from './socket-rooms.js';
export { NOT_AUTHENTICATED } from './app.gateway.js';
export { liveMeta, type LogPlace } from './live-meta.js';
export { isOversizeSocketPayload, PAYLOAD_TOO_LARGE } from './socket-payload-size.js';
export { releaseSocketMessagePlace, takeSocketMessagePlace } from './socket-message-handlers.js';
