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
  type ActiveUsersUpdate,
  type AuthenticatedPayload,
} from '@auction/contracts';
import type { Server, Socket } from 'socket.io';
import { TokenService } from '../common/auth/token.service.js';
import { AllExceptionsFilter } from '../common/http/all-exceptions.filter.js';
import { PRESENCE_HEARTBEAT_MS, PresenceService } from './presence.service.js';
import {
  ADMINS_ROOM,
  AUTHENTICATED_ROOM,
  DRAFT_WATCHERS_ROOM,
  joinedDrafts,
  userRoom,
} from './socket-rooms.js';
import { SocketServerRef } from './socket-server.ref.js';
import { setSocketUser, setWatchingDrafts, socketUser, watchingDrafts } from './socket-user.js';

export const NOT_AUTHENTICATED = 'Not authenticated';

export const INVALID_SOCKET_TOKEN = 'Invalid or expired token';

/** Events a socket may send before `authenticate` (a page asks to watch the drafts while the socket connects). */
const BEFORE_AUTHENTICATION: ReadonlySet<string> = new Set([
  ClientEvents.authenticate,
  ClientEvents.watchDrafts,
  ClientEvents.unwatchDrafts,
]);

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
   * Before the socket server and its Redis clients close: take this instance's sockets out of presence at once,
   * instead of one racing Redis call per socket while Redis shuts down. The other instances' count broadcast
   * (ActiveUserCountBroadcaster) tells their clients.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    if (!this.server) return;
    try {
      const local = [...this.server.sockets.sockets.values()].filter((socket) => socketUser(socket));
      await this.presence.removeMany(local.map((socket) => socket.id));
    } catch (error) {
      this.logger.warn(`presence cleanup at shutdown failed: ${(error as Error).message}`);
    }
  }

  handleConnection(socket: Socket): void {
    // Any event before `authenticate` (this gateway's or another's) is answered with an error.
    socket.onAny((event: string) => {
      if (!BEFORE_AUTHENTICATION.has(event) && !socketUser(socket)) {
        socket.emit(ServerEvents.error, { message: NOT_AUTHENTICATED });
      }
    });
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    if (!socketUser(socket) || this.shuttingDown) return;
    try {
      await this.presence.remove(socket.id);
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
      userRoom(user.id),
      ...(user.role === 'admin' ? [ADMINS_ROOM] : []),
      ...(watchingDrafts(socket) ? [DRAFT_WATCHERS_ROOM] : []),
    ]);
    const activeUserCount = await this.presence.add(socket.id, user);
    // A disconnect while the add was on its way removed nothing yet: do not leave a dead socket counted for 60 s.
    if (socket.disconnected) {
      await this.presence.remove(socket.id);
      return;
    }

    const answer: AuthenticatedPayload = {
      user: { _id: user.id, username: user.username, role: user.role },
      serverTime: new Date().toISOString(),
    };
    socket.emit(ServerEvents.authenticated, answer);
    // This socket learns the count now; everyone else with the next coalesced broadcast, if the count changed. It
    // joins the room of those broadcasts only after this answer (in the same turn), so a broadcast of a count taken
    // before its arrival, sent by this instance, cannot reach it after its own fresher count.
    const count: ActiveUsersUpdate = { count: activeUserCount };
    socket.emit(ServerEvents.activeUsersUpdate, count);
    void socket.join(AUTHENTICATED_ROOM);
  }

  /**
   * A page that lists drafts (dashboard, draft picker, admin pages) wants draft-level events of every draft
   * (ADR 0021). Asked before authentication, it takes effect when the socket authenticates: anonymous sockets hear
   * nothing.
   */
  @SubscribeMessage(ClientEvents.watchDrafts)
  async watchDrafts(@ConnectedSocket() socket: Socket): Promise<{ watching: true }> {
    setWatchingDrafts(socket, true);
    if (socketUser(socket)) await socket.join(DRAFT_WATCHERS_ROOM);
    return { watching: true };
  }

  @SubscribeMessage(ClientEvents.unwatchDrafts)
  async unwatchDrafts(@ConnectedSocket() socket: Socket): Promise<{ watching: false }> {
    setWatchingDrafts(socket, false);
    await socket.leave(DRAFT_WATCHERS_ROOM);
    return { watching: false };
  }

  /**
   * Keeps this instance's sockets present, puts back those Redis lost (a flush, a failover without its data: the
   * room lists and the count would otherwise stay wrong until every socket reconnects), and drops the sockets of
   * instances that vanished.
   */
  async keepPresenceAlive(): Promise<void> {
    try {
      const local = [...this.server.sockets.sockets.values()].filter((socket) => socketUser(socket));
      const missing = new Set(await this.presence.refresh(local.map((socket) => socket.id)));
      for (const socket of local) {
        const user = socketUser(socket);
        // Still connected now, after the round trip: a socket that left meanwhile is not brought back.
        if (!missing.has(socket.id) || !user || socket.disconnected) continue;
        await this.presence.restore(socket.id, user, joinedDrafts(socket));
      }
      await this.presence.prune();
    } catch (error) {
      this.logger.warn(`presence heartbeat failed: ${(error as Error).message}`);
    }
  }
}
