import { Logger, UseFilters, type BeforeApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  ClientEvents,
  ServerEvents,
  authenticatePayloadSchema,
  type AuthenticatedPayload,
} from '@auction/contracts';
import type { Server, Socket } from 'socket.io';
import { TokenService } from '../common/auth/token.service.js';
import { AllExceptionsFilter } from '../common/http/all-exceptions.filter.js';
import { PRESENCE_HEARTBEAT_MS, PresenceService } from './presence.service.js';
import { ADMINS_ROOM, AUTHENTICATED_ROOM, userRoom } from './socket-rooms.js';
import { SocketServerRef } from './socket-server.ref.js';
import { setSocketUser, socketUser } from './socket-user.js';

export const NOT_AUTHENTICATED = 'Not authenticated';

export const INVALID_SOCKET_TOKEN = 'Invalid or expired token';

/**
 * The socket.io entry point on the server root (path /socket.io): authentication and presence. Feature gateways
 * (the draft room: join/leave, bids, chat, typing — modules/auctions/gateway) add their own @SubscribeMessage handlers, check `socketUser(socket)` and also
 * use `@UseFilters(AllExceptionsFilter)`: Nest applies global filters to HTTP only, and this filter answers a
 * failed socket handler with `error { message }` (domain errors keep their message).
 */
@UseFilters(AllExceptionsFilter)
@WebSocketGateway({
  path: '/socket.io',
  // Tokens travel in the authenticate event, not in cookies, so any origin may connect (the Vite dev server).
  cors: { origin: true, credentials: true },
})
export class AppGateway
  implements
    OnGatewayInit,
    OnGatewayConnection,
    OnGatewayDisconnect,
    OnModuleDestroy,
    BeforeApplicationShutdown
{
  private readonly logger = new Logger('Gateway');
  private server!: Server;
  private heartbeat: NodeJS.Timeout | undefined;
  private shuttingDown = false;

  constructor(
    private readonly tokens: TokenService,
    private readonly presence: PresenceService,
    private readonly serverRef: SocketServerRef,
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    this.serverRef.set(server);
    this.heartbeat = setInterval(() => void this.keepPresenceAlive(), PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
  }

  /**
   * Before the socket server and its Redis clients close: take this instance's sockets out of presence and tell
   * the other instances' clients once, instead of one racing broadcast per socket while Redis shuts down.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    if (!this.server) return;
    try {
      const local = [...this.server.sockets.sockets.values()].filter((socket) => socketUser(socket));
      if (local.length === 0) return;
      await this.presence.removeMany(local.map((socket) => socket.id));
      await this.broadcastActiveUsers({ lastBeforeShutdown: true });
    } catch (error) {
      this.logger.warn(`presence cleanup at shutdown failed: ${(error as Error).message}`);
    }
  }

  handleConnection(socket: Socket): void {
    // Any event before `authenticate` (this gateway's or another's) is answered with an error.
    socket.onAny((event: string) => {
      if (event !== ClientEvents.authenticate && !socketUser(socket)) {
        socket.emit(ServerEvents.error, { message: NOT_AUTHENTICATED });
      }
    });
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    if (!socketUser(socket) || this.shuttingDown) return;
    try {
      await this.presence.remove(socket.id);
      await this.broadcastActiveUsers();
    } catch (error) {
      this.logger.warn(`presence cleanup for ${socket.id} failed: ${(error as Error).message}`);
    }
  }

  @SubscribeMessage(ClientEvents.authenticate)
  async authenticate(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<void> {
    const parsed = authenticatePayloadSchema.safeParse(payload);
    const token = !parsed.success ? null : typeof parsed.data === 'string' ? parsed.data : parsed.data.token;
    const authenticated = token ? await this.tokens.authenticate(token) : null;
    if (!authenticated) {
      socket.emit(ServerEvents.authError, { message: INVALID_SOCKET_TOKEN });
      return;
    }
    const { user } = authenticated;
    const previous = socketUser(socket);
    if (previous && previous.id !== user.id) await socket.leave(userRoom(previous.id));
    // Re-authenticating as a non-admin (another user, or a demoted one) must stop admin-only events.
    if (user.role !== 'admin') await socket.leave(ADMINS_ROOM);
    setSocketUser(socket, user);
    await socket.join([
      AUTHENTICATED_ROOM,
      userRoom(user.id),
      ...(user.role === 'admin' ? [ADMINS_ROOM] : []),
    ]);
    await this.presence.add(socket.id, user);

    const answer: AuthenticatedPayload = {
      user: { _id: user.id, username: user.username, role: user.role },
      serverTime: new Date().toISOString(),
    };
    socket.emit(ServerEvents.authenticated, answer);
    await this.broadcastActiveUsers();
  }

  private async broadcastActiveUsers({ lastBeforeShutdown = false } = {}): Promise<void> {
    const activeUsers = await this.presence.activeUsers();
    // Checked again after the await: the Redis adapter publishes without catching, so an emit after shutdown closed
    // its connection would be an unhandled rejection (seen when hundreds of sockets left during a SIGTERM). The
    // shutdown hook's own broadcast runs while the connection is still open.
    if (this.shuttingDown && !lastBeforeShutdown) return;
    this.server.to(AUTHENTICATED_ROOM).emit(ServerEvents.activeUsersUpdate, { activeUsers });
  }

  /** Keeps this instance's sockets present and drops those of instances that vanished. */
  private async keepPresenceAlive(): Promise<void> {
    try {
      const local = [...this.server.sockets.sockets.values()].filter((socket) => socketUser(socket));
      await this.presence.refresh(local.map((socket) => socket.id));
      if ((await this.presence.prune()) > 0) await this.broadcastActiveUsers();
    } catch (error) {
      this.logger.warn(`presence heartbeat failed: ${(error as Error).message}`);
    }
  }
}
