import {
  Inject,
  Logger,
  UseFilters,
  type BeforeApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
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
import type { AuthUser } from '../common/auth/auth-user.js';
import { TokenService } from '../common/auth/token.service.js';
import { AllExceptionsFilter } from '../common/http/all-exceptions.filter.js';
import { CONFIG, type AppConfig } from '../config/config.js';
import { PerKeyQueue } from '../infrastructure/event-sourcing/per-key-queue.js';
import {
  PRESENCE_HEARTBEAT_MS,
  PresenceService,
  PresenceUnavailableError,
  unlessPresenceUnavailable,
} from './presence.service.js';
import {
  ADMINS_ROOM,
  AUTHENTICATED_ROOM,
  DRAFT_WATCHERS_ROOM,
  draftRoom,
  joinedDrafts,
  tokenRoom,
  userRoom,
} from './socket-rooms.js';
import { SocketDisconnectHooks } from './socket-disconnect-hooks.js';
import { isOversizeSocketPayload, PAYLOAD_TOO_LARGE } from './socket-payload-size.js';
import { PACED_TO_ALL, RealtimePublisher, USER_RENAMED, parsePacedToAll } from './realtime-publisher.js';
import { SocketServerRef } from './socket-server.ref.js';
import { liveMeta } from './live-meta.js';
import {
  setSessionEnd,
  setSocketToken,
  isPresent,
  markPresent,
  parseUserRenamed,
  setSocketUser,
  setWatchingDrafts,
  socketToken,
  socketUser,
  watchingDrafts,
} from './socket-user.js';

export const NOT_AUTHENTICATED = 'Not authenticated';

export const INVALID_SOCKET_TOKEN = 'Invalid or expired token';

export const SOCKET_SIGNED_IN_AS_ANOTHER_USER =
  'This connection is signed in as another user: open a new connection to sign in as someone else';

/** What a socket that did not sign in within SOCKET_AUTH_TIMEOUT_MS of connecting is told before it is closed. */
export function signInDeadlineMessage(deadlineMs: number): string {
  return `Not authenticated within ${deadlineMs / 1000} s of connecting`;
}

/**
 * The session timer's longest leg; it re-arms until the token expires. Node keeps one timer list per distinct duration,
 * and an unref'd timer's list stays (empty) for that whole duration even once the timer is cleared: armed for the
 * token's exact remaining time (unique to the millisecond, up to 7 days), every sign-in left a list behind for days
 * (~900 per 1,600 sign-ins in a churn probe). Legs of this one length, and a last leg in whole seconds, share a few.
 */
const SESSION_TIMER_STEP_MS = 60 * 60 * 1000;

/** Every event a client may send (docs/product.md §7.8); any other is answered unknownEventMessage. */
const CLIENT_EVENTS: ReadonlySet<unknown> = new Set(Object.values(ClientEvents));

/** The longest part of an unknown event's name told back to its socket. */
const UNKNOWN_EVENT_NAME_SHOWN = 50;

/** What a socket is told about an event no handler listens to (a misspelt one went unanswered). */
export function unknownEventMessage(event: unknown): string {
  const name = String(event);
  if (name.length <= UNKNOWN_EVENT_NAME_SHOWN) return `Unknown event: ${name}`;
  // Not cutting a surrogate pair in two.
  return `Unknown event: ${name.slice(0, UNKNOWN_EVENT_NAME_SHOWN).replace(/[\ud800-\udbff]$/, '')}…`;
}

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
  private readonly authentications = new PerKeyQueue();

  constructor(
    private readonly tokens: TokenService,
    private readonly presence: PresenceService,
    private readonly serverRef: SocketServerRef,
    private readonly disconnectHooks: SocketDisconnectHooks,
    private readonly realtime: RealtimePublisher,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    this.serverRef.set(server);
    // A rename committed on another instance (RealtimePublisher.userRenamed).
    server.on(USER_RENAMED, (value: unknown) => {
      const renamed = parseUserRenamed(value);
      if (renamed) void this.realtime.renameHere(renamed);
    });
    server.on(PACED_TO_ALL, (value: unknown) => {
      const paced = parsePacedToAll(value);
      if (paced) this.realtime.paceHere(paced);
    });
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
    // An event nobody handles is answered as such; any other before `authenticate` (this gateway's or another's) is
    // answered with an error.
    socket.onAny((event: unknown) => {
      if (!CLIENT_EVENTS.has(event)) {
        socket.emit(ServerEvents.error, { message: unknownEventMessage(event) });
      } else if (!BEFORE_AUTHENTICATION.has(event as string) && !socketUser(socket)) {
        socket.emit(ServerEvents.error, { message: NOT_AUTHENTICATED });
      }
    });
    // A socket that never signs in is of no use and held ~14 KB of the server for as long as its client kept it open
    // (thousands of idle ones, for good): it is closed at the deadline. The deadline is the socket's session timer
    // until it signs in (endSessionAtExpiry replaces it), and a disconnect clears it.
    setSessionEnd(
      socket,
      setTimeout(
        () =>
          void this.closeUnlessSignedIn(socket).catch((error: unknown) =>
            this.logger.warn(
              `closing ${socket.id} at its sign-in deadline failed: ${(error as Error).message}`,
            ),
          ),
        this.config.socketAuthTimeoutMs,
      ).unref(),
    );
  }

  /** Told like a socket whose token expired, and disconnected; an `authenticate` still running decides first. */
  private closeUnlessSignedIn(socket: Socket): Promise<void> {
    return this.authentications.run(socket.id, async () => {
      if (socketUser(socket) || socket.disconnected) return;
      socket.emit(ServerEvents.authError, {
        message: signInDeadlineMessage(this.config.socketAuthTimeoutMs),
      });
      socket.disconnect(true);
    });
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    setSessionEnd(socket, undefined);
    // The rooms first, while the socket still counts as present (SocketDisconnectHooks).
    await this.disconnectHooks.run(socket);
    if (!socketUser(socket) || this.shuttingDown) return;
    try {
      await this.presence.remove(socket.id);
    } catch (error) {
      // An outage is logged once by PresenceService; the entry expires (PRESENCE_TTL_MS) without its heartbeat.
      if (!(error instanceof PresenceUnavailableError))
        this.logger.warn(`presence cleanup for ${socket.id} failed: ${(error as Error).message}`);
    }
  }

  /**
   * Signs the socket in (docs/product.md §7.8). The socket is in its token's room while the token is checked, so a
   * logout that commits meanwhile still disconnects it (RealtimePublisher.disconnectToken). A signed-in socket keeps
   * its user and session: a token of another user, or one that fails, is refused (authError) and changes nothing.
   * The session ends when its token is logged out or expires.
   */
  @SubscribeMessage(ClientEvents.authenticate)
  authenticate(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<void> {
    // One at a time per socket: two in flight each read the socket's token before the other set its own, and the
    // socket ended up signed in with one token but in neither token's room, out of reach of both logouts.
    return this.authentications.run(socket.id, () => this.signIn(socket, payload));
  }

  private async signIn(socket: Socket, payload: unknown): Promise<void> {
    if (isOversizeSocketPayload(payload)) {
      socket.emit(ServerEvents.error, { message: PAYLOAD_TOO_LARGE });
      return;
    }
    const parsed = authenticatePayloadSchema.safeParse(payload);
    const token = !parsed.success ? null : typeof parsed.data === 'string' ? parsed.data : parsed.data.token;
    const claims = token ? await this.tokens.verify(token) : null;
    if (claims) await socket.join(tokenRoom(claims.jti));
    const authenticated = claims ? await this.tokens.resolve(claims) : null;
    const previous = socketUser(socket);
    const current = socketToken(socket);
    if (!authenticated || (previous && previous.id !== authenticated.user.id)) {
      if (claims && claims.jti !== current?.jti) await socket.leave(tokenRoom(claims.jti));
      if (authenticated) {
        socket.emit(ServerEvents.authError, { message: SOCKET_SIGNED_IN_AS_ANOTHER_USER });
        return;
      }
      // A signed-in socket keeps its session: its own token still holds (a logout or its expiry would have ended it).
      socket.emit(ServerEvents.authError, { message: INVALID_SOCKET_TOKEN });
      return;
    }
    const { user } = authenticated;
    setSocketToken(socket, authenticated.token);
    if (current && current.jti !== authenticated.token.jti) await socket.leave(tokenRoom(current.jti));
    this.endSessionAtExpiry(socket, authenticated.token);
    // Re-authenticating as a demoted admin must stop admin-only events.
    if (user.role !== 'admin') await socket.leave(ADMINS_ROOM);
    setSocketUser(socket, user);
    await socket.join([
      userRoom(user.id),
      ...(user.role === 'admin' ? [ADMINS_ROOM] : []),
      ...(watchingDrafts(socket) ? [DRAFT_WATCHERS_ROOM] : []),
    ]);
    // Without Redis the socket signs in all the same, counted by this instance; the heartbeat adds it to presence
    // once Redis answers (a live draft must not stop because presence is down).
    const sharedCount = await this.presence.add(socket.id, user).catch(unlessPresenceUnavailable(null));
    // A disconnect while the add was on its way removed nothing yet: do not leave a dead socket counted for 60 s.
    if (socket.disconnected) {
      if (sharedCount !== null) await this.presence.remove(socket.id);
      return;
    }
    markPresent(socket);
    const activeUserCount = sharedCount ?? this.localUserCount();

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

  /** When the socket's token expires, the socket is told (authError) and disconnected, as a request would be refused. */
  private endSessionAtExpiry(socket: Socket, token: { jti: string; exp: number }): void {
    const arm = (): void => {
      if (socket.disconnected) return setSessionEnd(socket, undefined);
      const left = token.exp * 1000 - Date.now();
      if (left > 0) {
        const leg = Math.min(Math.ceil(left / 1000) * 1000, SESSION_TIMER_STEP_MS);
        setSessionEnd(socket, setTimeout(arm, leg).unref());
        return;
      }
      setSessionEnd(socket, undefined);
      if (socketToken(socket)?.jti !== token.jti || socket.disconnected) return;
      socket.emit(ServerEvents.authError, { message: INVALID_SOCKET_TOKEN });
      socket.disconnect(true);
    };
    arm();
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
   * Distinct users on this instance's sockets that finished signing in (markPresent): a floor for the deployment's
   * count. Sockets still authenticating are left out, or a connect storm would read as lost data.
   */
  localUserCount(): number {
    const users = new Set<string>();
    for (const socket of this.server.sockets.sockets.values()) {
      const user = socketUser(socket);
      if (user && isPresent(socket)) users.add(user.id);
    }
    return users.size;
  }

  /**
   * Keeps this instance's sockets present, puts back those Redis lost (a flush, a failover without its data: the
   * room lists and the count would otherwise stay wrong until every socket reconnects), and drops the sockets of
   * instances that vanished.
   */
  async keepPresenceAlive(): Promise<void> {
    await this.catchUpUsers();
    try {
      const local = [...this.server.sockets.sockets.values()].filter((socket) => socketUser(socket));
      const missing = new Set(await this.presence.refresh(local.map((socket) => socket.id)));
      for (const socket of local) {
        const user = socketUser(socket);
        // Still connected now, after the round trip: a socket that left meanwhile is not brought back.
        if (!missing.has(socket.id) || !user || socket.disconnected) continue;
        await this.presence.restore(socket.id, user, joinedDrafts(socket));
      }
      // The rooms of an instance that died heard nothing: tell them its users left (every instance's sockets).
      const { roomsLeft } = await this.presence.prune();
      for (const { draftId, user } of roomsLeft) {
        this.server.to(draftRoom(draftId)).emit(ServerEvents.userLeft, {
          ...liveMeta(draftId, null, Date.now()),
          userId: user.id,
          username: user.username,
        });
      }
    } catch (error) {
      this.logger.warn(`presence heartbeat failed: ${(error as Error).message}`);
    }
  }

  /**
   * Brings this instance's sockets up to date with their users as stored: a rename's server-side emit is lost while
   * Redis is down (sockets do not drop then), and a role change or a deleted account made in the database (no API
   * does either) reaches no socket otherwise. Each heartbeat compares with the database: a renamed user's sockets
   * take the new name, a demoted admin's leave the admins' room and bid as an owner from then on (a promoted user's
   * join it), and a deleted user's are told `authError` and disconnected, as a request of theirs would be refused.
   */
  async catchUpUsers(): Promise<void> {
    try {
      const sockets = [...this.server.sockets.sockets.values()];
      const signedIn = new Map<string, AuthUser>();
      for (const socket of sockets) {
        const user = socketUser(socket);
        if (user) signedIn.set(user.id, user);
      }
      if (signedIn.size === 0) return;
      const current = await this.tokens.currentUsers([...signedIn.keys()]);
      for (const [id, known] of signedIn) {
        const now = current.get(id);
        if (!now) {
          this.server.in(userRoom(id)).local.emit(ServerEvents.authError, { message: INVALID_SOCKET_TOKEN });
          this.server.in(userRoom(id)).local.disconnectSockets(true);
          continue;
        }
        if (now.role !== known.role) this.changeRoleHere(id, now.role);
        if (now.username !== known.username) await this.realtime.renameHere({ id, username: now.username });
      }
    } catch (error) {
      this.logger.warn(`user catch-up failed: ${(error as Error).message}`);
    }
  }

  /** This instance's sockets of the user take the role: admin-only events follow it at once. */
  private changeRoleHere(userId: string, role: AuthUser['role']): void {
    for (const socket of this.server.sockets.sockets.values()) {
      const user = socketUser(socket);
      if (user?.id !== userId) continue;
      setSocketUser(socket, { ...user, role });
      if (role === 'admin') void socket.join(ADMINS_ROOM);
      else void socket.leave(ADMINS_ROOM);
    }
  }
}
