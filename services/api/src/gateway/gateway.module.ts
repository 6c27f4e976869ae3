import { Global, Module } from '@nestjs/common';
import { ActiveUserCountBroadcaster } from './active-user-count.broadcaster.js';
import { AppGateway } from './app.gateway.js';
import { PRESENCE_REDIS_PROVIDER, PresenceService } from './presence.service.js';
import { RealtimePublisher } from './realtime-publisher.js';
import { SocketDisconnectHooks } from './socket-disconnect-hooks.js';
import { SocketServerRef } from './socket-server.ref.js';

/** Global so any feature module can inject RealtimePublisher to push events to sockets. */
@Global()
@Module({
  providers: [
    AppGateway,
    ActiveUserCountBroadcaster,
    PresenceService,
    PRESENCE_REDIS_PROVIDER,
    RealtimePublisher,
    SocketServerRef,
    SocketDisconnectHooks,
  ],
  exports: [RealtimePublisher, PresenceService, SocketServerRef, SocketDisconnectHooks],
})
export class GatewayModule {}
