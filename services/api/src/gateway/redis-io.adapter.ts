import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Redis } from 'ioredis';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { Server, type ServerOptions } from 'socket.io';
import { SOCKET_FRAME_MAX_BYTES } from '@auction/contracts';
import { logUnexpected } from '../common/http/all-exceptions.filter.js';
import { closeRedisClient, createRedisClient } from '../infrastructure/redis/redis.module.js';
import { socketIoAdapterKeyFor } from '../infrastructure/redis/redis-namespace.js';
import { coalesceSocketWrites } from './coalesced-socket-writes.js';
import { limitSocketBacklog, SOCKET_OUTPUT_BACKLOG_MAX_BYTES } from './socket-output-backlog.js';
import {
  bindSocketMessageHandlers,
  type HandledSocket,
  type SocketMessageHandler,
} from './socket-message-handlers.js';
import { createSoloAwareAdapter, type SoloAwareRedisAdapter } from './solo-aware-redis.adapter.js';

/**
 * socket.io with the Redis adapter: a broadcast (to everyone, or a draft room) on one instance reaches the
 * sockets of every instance on the same database. Channels are prefixed with the namespace, so instances on
 * another database never receive them.
 */
type NestIoOptions = Parameters<IoAdapter['createIOServer']>[1];
type NestIoServer = ReturnType<IoAdapter['createIOServer']>;
type NestSocket = Parameters<IoAdapter['bindMessageHandlers']>[0];

export class RedisIoAdapter extends IoAdapter {
  private clients: Redis[] = [];
  private readonly adapters: SoloAwareRedisAdapter[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly namespace: string,
  ) {
    super(app);
  }

  /**
   * Builds the server with this package's socket.io (the one @socket.io/redis-adapter and our types use), not
   * the copy @nestjs/platform-socket.io pins; the two differ only in patch version, hence the casts.
   */
  override createIOServer(port: number, options?: NestIoOptions): NestIoServer {
    // Frames are bounded near the payload limit, not at socket.io's 1 MB (SOCKET_FRAME_MAX_BYTES).
    const settings: Partial<ServerOptions> = {
      ...(options as Partial<ServerOptions> | undefined),
      maxHttpBufferSize: SOCKET_FRAME_MAX_BYTES,
    };
    const server =
      this.httpServer && port === 0 ? new Server(this.httpServer, settings) : new Server(port, settings);
    const logger = new Logger('Socket');
    coalesceSocketWrites(server, (error) => logUnexpected(logger, 'socket write', error));
    limitSocketBacklog(server, SOCKET_OUTPUT_BACKLOG_MAX_BYTES, (id, bytes) =>
      logger.warn(`connection ${id} closed: ${bytes} bytes waiting to be sent (its client does not read)`),
    );
    const pub = createRedisClient(this.redisUrl, 'auction-socket-pub');
    const sub = createRedisClient(this.redisUrl, 'auction-socket-sub');
    this.clients.push(pub, sub);
    server.adapter(
      createSoloAwareAdapter(pub, sub, { key: socketIoAdapterKeyFor(this.namespace) }, (adapter) =>
        this.adapters.push(adapter),
      ),
    );
    return server as unknown as NestIoServer;
  }

  /** Plain listeners instead of Nest's rxjs pipeline per handler per socket (ADR 0029). */
  override bindMessageHandlers(socket: NestSocket, handlers: MessageMappingProperties[]): void {
    bindSocketMessageHandlers(
      socket as unknown as HandledSocket,
      handlers as SocketMessageHandler[],
      (payload) => this.mapPayload(payload),
      (error) => this.logger.error(error),
    );
  }

  /** Resolves when the instances already running will send this one's sockets their broadcasts (ADR 0025). */
  async ready(): Promise<void> {
    await Promise.all(this.adapters.map((adapter) => adapter.ready()));
  }

  /** Whether every broadcast currently stays on this instance (no other instance listens). */
  isAlone(): boolean {
    return this.adapters.length > 0 && this.adapters.every((adapter) => adapter.isAlone());
  }

  override async dispose(): Promise<void> {
    const clients = this.clients;
    this.clients = [];
    await Promise.allSettled(clients.map((client) => closeRedisClient(client)));
  }
}
