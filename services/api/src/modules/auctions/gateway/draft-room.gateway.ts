import { HttpStatus, Inject, Logger, UseFilters, type BeforeApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
} from '@nestjs/websockets';
import {
  ClientEvents,
  ServerEvents,
  bidOnPlayerPayloadSchema,
  chatMessagePayloadSchema,
  chatRateLimitedMessage,
  joinDraftPayloadSchema,
  leaveDraftPayloadSchema,
  typingPayloadSchema,
  type BidOnPlayerAck,
  type ChatMessage,
  ROOM_JOIN_RATE_LIMIT,
  ROOM_JOINS_RATE_LIMITED_MESSAGE,
  TOO_MANY_ROOM_SOCKETS_MESSAGE,
} from '@auction/contracts';
import type { Socket } from 'socket.io';
import { AllExceptionsFilter, answerSocketFailure } from '../../../common/http/all-exceptions.filter.js';
import { arrivalsInFlight } from '../../../common/http/arrivals-in-flight.js';
import { RedisRateLimiter } from '../../../common/rate-limit/index.js';
import { TokenBucket } from '../../../common/rate-limit/token-bucket.js';
import { CONFIG, type AppConfig } from '../../../config/config.js';
import type { AuthUser } from '../../../common/auth/index.js';
import {
  PresenceService,
  PresenceUnavailableError,
  SocketDisconnectHooks,
  draftRoom,
  joinedDrafts,
  localRoomJoin,
  NOT_AUTHENTICATED,
  localRoomsLeft,
  releaseSocketMessagePlace,
  socketUser,
  takeSocketMessagePlace,
  unlessPresenceUnavailable,
} from '../../../gateway/index.js';
import { withIdempotencyKey } from '../../../infrastructure/event-sourcing/idempotency-key.js';
import { PerKeyQueue } from '../../../infrastructure/event-sourcing/per-key-queue.js';
import { DraftReadModel, DraftStream } from '../../drafts/index.js';
import { DraftActors } from '../draft-actor.js';
import { TeamDirectory } from '../team-directory.js';
import { ChatRepository } from '../chat/chat.repository.js';
import { PlaceBidCommand } from '../commands/place-bid/place-bid.command.js';
import { liveMeta } from '../live/live-payloads.js';
import { SharedRoomRead } from './shared-room-read.js';
import { parseSocketInput, readSocketInput } from './socket-input.js';

export const DRAFT_NOT_FOUND = 'Draft not found';
export const JOIN_FIRST = 'Join the draft first';

/**
 * The draft room over the socket (docs/product.md §7.8 (Socket: client events)): joining and leaving (draftJoined with
 * the room's active users and the last 50 chat messages; userJoined/userLeft to the others in the room), chat, typing
 * and bids. `bidOnPlayer` runs the same
 * command as the REST bid. Bad input is answered `error { message }` on this socket only; sockets that did not
 * authenticate were already answered by AppGateway and are ignored here.
 */
@UseFilters(AllExceptionsFilter)
@WebSocketGateway({ path: '/socket.io', cors: { origin: true, credentials: true } })
export class DraftRoomGateway implements OnGatewayConnection, BeforeApplicationShutdown {
  private readonly logger = new Logger('DraftRoom');
  private shuttingDown = false;
  /** One socket's chat messages, one at a time (see chatMessage). */
  private readonly chatQueue = new PerKeyQueue();
  /**
   * One socket's joins, leaves and disconnect, one at a time: a join awaits Redis and PostgreSQL, and a leave sent
   * right behind it (a page mounted and unmounted at once) ran first, found nothing joined, and the join then left
   * the socket in the room for good.
   */
  private readonly membershipQueue = new PerKeyQueue();
  /** What every joiner of a room reads (whether the draft exists, the chat history), read once per burst of joins. */
  private readonly roomReads: SharedRoomRead<{ exists: boolean; chatHistory: ChatMessage[] }>;

  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(DraftReadModel) private readonly drafts: DraftReadModel,
    @Inject(ChatRepository) private readonly chat: ChatRepository,
    @Inject(PresenceService) private readonly presence: PresenceService,
    @Inject(RedisRateLimiter) private readonly limiter: RedisRateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(DraftStream) private readonly streams: DraftStream,
    @Inject(TeamDirectory) private readonly directory: TeamDirectory,
    @Inject(SocketDisconnectHooks) disconnectHooks: SocketDisconnectHooks,
  ) {
    disconnectHooks.register((socket) => this.leaveOnDisconnect(socket));
    this.roomReads = new SharedRoomRead(async (draftId) => {
      const [status, chatHistory] = await Promise.all([
        this.drafts.findStatus(draftId),
        this.chat.recent(draftId),
      ]);
      if (status) this.warmRoom(draftId);
      return { exists: Boolean(status), chatHistory };
    });
  }

  /**
   * What the room's bids read — the draft's folded state and its teams' names — loaded when the room is joined, not
   * by its first bid: on draft night hundreds of rooms open at once, and a first bid that waited for these reads
   * behind the pool was the tail of the capacity benchmark. Best effort: a bid reads whatever is missing.
   */
  private warmRoom(draftId: string): void {
    void this.streams
      .read(draftId)
      .then(({ state }) => this.directory.refs(state.teamOrder))
      .catch(() => undefined);
  }

  /**
   * The sockets disconnect after Redis closed: their room entries stay behind, and the next join drops them (AppGateway
   * took the sockets out of presence first).
   */
  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
  }

  @SubscribeMessage(ClientEvents.joinDraft)
  joinDraft(
    @ConnectedSocket() socket: Socket,
    @MessageBody() payload: unknown,
  ): Promise<{ draftId: string } | undefined> {
    return this.membershipQueue.run(socket.id, () => this.join(socket, payload));
  }

  private async join(socket: Socket, payload: unknown): Promise<{ draftId: string } | undefined> {
    const user = socketUser(socket);
    if (!user) return undefined;
    if (!joinAllowance(socket).take(Date.now())) {
      socket.emit(ServerEvents.error, { message: ROOM_JOINS_RATE_LIMITED_MESSAGE });
      return undefined;
    }
    const input = parseSocketInput(socket, joinDraftPayloadSchema, asDraftPayload(payload));
    if (!input) return undefined;
    const { draftId, mode, replaces } = input;
    forgetTyping(socket, draftId);
    const { exists, chatHistory } = await this.roomReads.read(draftId);
    if (!exists) {
      socket.emit(ServerEvents.error, { message: DRAFT_NOT_FOUND });
      return undefined;
    }
    // A watcher (the big board) gets the room's events only: no presence entry, no userJoined/userLeft, and no
    // list of the room's users (reading it would need a presence read that does not join).
    if (mode === 'watch') {
      await socket.join(draftRoom(draftId));
      socket.emit(ServerEvents.draftJoined, {
        ...liveMeta(draftId, null, Date.now()),
        activeUsers: [],
        chatHistory,
      });
      return { draftId };
    }
    // The room's users, not everyone connected: a join costs O(room) (issue 10). The script also says whether the
    // user just arrived, so two tabs joining at once (on any instances) announce the user once.
    // The teams this user owns, read now rather than by their first bid (see warmRoom).
    void this.actors.of(user).catch(() => undefined);
    // Without Redis the room is joined all the same, with this instance's view of who is in it (localRoomJoin).
    const { refused, arriving, replaced, users } = await this.presence
      .joinRoom(draftId, socket.id, user.id, Date.now(), replaces)
      .catch(unlessPresenceUnavailable(null))
      .then((shared) => shared ?? localRoomJoin(socket, draftId, user));
    if (refused) {
      socket.emit(ServerEvents.error, { message: TOO_MANY_ROOM_SOCKETS_MESSAGE });
      return undefined;
    }
    // The tab says that connection is its own and gone; if some instance still holds it (half-open), close it there,
    // so naming a live tab cannot take a user past the cap. Its leave finds this socket in the room: no userLeft.
    if (replaced) socket.nsp.in(replaced).disconnectSockets(true);
    const socketsFirstJoin = !joinedDrafts(socket).has(draftId);
    joinedDrafts(socket).add(draftId);
    // Announce first, then enter the room, with no await between (socket.join is synchronous in memory): the joins'
    // scripts answer in the order Redis ran them, so of two owners joining at once the earlier one's announcement
    // goes out before the later one is in the room, and the later one's reaches the earlier. Each learns of the
    // other once, from its list or from userJoined; announced after entering, both got both (a second toast).
    if (arriving && socketsFirstJoin) {
      socket.to(draftRoom(draftId)).emit(ServerEvents.userJoined, {
        ...liveMeta(draftId, null, Date.now()),
        userId: user.id,
        username: user.username,
      });
    }
    const entered = socket.join(draftRoom(draftId));
    socket.emit(ServerEvents.draftJoined, {
      ...liveMeta(draftId, null, Date.now()),
      activeUsers: users,
      chatHistory,
    });
    await entered;
    return { draftId };
  }

  @SubscribeMessage(ClientEvents.leaveDraft)
  leaveDraft(
    @ConnectedSocket() socket: Socket,
    @MessageBody() payload: unknown,
  ): Promise<{ draftId: string } | undefined> {
    return this.membershipQueue.run(socket.id, () => this.leave(socket, payload));
  }

  private async leave(socket: Socket, payload: unknown): Promise<{ draftId: string } | undefined> {
    const user = socketUser(socket);
    if (!user) return undefined;
    const input = parseSocketInput(socket, leaveDraftPayloadSchema, asDraftPayload(payload));
    if (!input) return undefined;
    if (joinedDrafts(socket).has(input.draftId)) this.endTyping(socket, input.draftId, user);
    await socket.leave(draftRoom(input.draftId));
    if (joinedDrafts(socket).delete(input.draftId)) await this.leaveRooms(socket, [input.draftId], user);
    return { draftId: input.draftId };
  }

  /** Run by AppGateway's disconnect before the socket leaves presence (SocketDisconnectHooks). */
  private leaveOnDisconnect(socket: Socket): Promise<void> {
    return this.membershipQueue.run(socket.id, () => this.disconnected(socket));
  }

  private async disconnected(socket: Socket): Promise<void> {
    const user = socketUser(socket);
    if (!user) return;
    const drafts = [...joinedDrafts(socket)];
    joinedDrafts(socket).clear();
    if (drafts.length === 0) return;
    for (const draftId of drafts) this.endTyping(socket, draftId, user);
    if (this.shuttingDown) {
      // Redis is closing: announce without asking whether another tab of the user stays (they all go now).
      for (const draftId of drafts) this.announceLeft(socket, draftId, user);
      return;
    }
    await this.leaveRooms(socket, drafts, user);
  }

  /** Out of the rooms' presence; userLeft where the user has no other socket left in the room. */
  private async leaveRooms(
    socket: Socket,
    drafts: string[],
    user: { id: string; username: string },
  ): Promise<void> {
    let left: string[];
    try {
      left = await this.presence.leaveRooms(drafts, socket.id, user.id);
    } catch (error) {
      // The room's next join drops ids of sockets that are no longer present (PresenceService.joinRoom); the room
      // hears that the user left unless another of their sockets here is still in it. An outage is logged once, by
      // PresenceService.
      if (!(error instanceof PresenceUnavailableError))
        this.logger.warn(`room presence cleanup for ${socket.id} failed: ${(error as Error).message}`);
      left = localRoomsLeft(socket, drafts, user.id);
    }
    for (const draftId of left) this.announceLeft(socket, draftId, user);
  }

  /**
   * socket.io hands a socket's packets over in order, but each handler awaits Redis and PostgreSQL, so messages sent
   * back to back would overtake each other (stored and broadcast as m1 m3 m4 m2): a socket's messages are handled
   * one after another, which keeps the send order in the room and in the history (`created_at` then grows).
   */
  @SubscribeMessage(ClientEvents.chatMessage)
  chatMessage(
    @ConnectedSocket() socket: Socket,
    @MessageBody() payload: unknown,
  ): Promise<{ ok: true } | undefined> {
    return this.chatQueue.run(socket.id, async () => {
      // A join this socket sent before the message may still be on its way (waiting on presence: a second while Redis
      // does not answer): let it finish, or the message is refused as sent before joining and lost.
      await this.membershipQueue.run(socket.id, async () => undefined);
      return this.sendChat(socket, payload);
    });
  }

  private async sendChat(socket: Socket, payload: unknown): Promise<{ ok: true } | undefined> {
    const user = socketUser(socket);
    if (!user) return undefined;
    const input = parseSocketInput(socket, chatMessagePayloadSchema, payload);
    if (!input || !this.isMember(socket, input.draftId)) return undefined;
    // Per user over every socket and instance (Redis), after validation so a refused payload costs no quota.
    const { messages, windowMs } = this.config.chatRateLimit;
    const { refused, retryAfterMs } = await this.limiter.hit('chat', user.id, messages, windowMs);
    if (refused) {
      socket.emit(ServerEvents.error, {
        message: chatRateLimitedMessage(Math.max(1, Math.ceil(retryAfterMs / 1000))),
      });
      return undefined;
    }
    const message = await this.chat.add(input.draftId, user, input.message);
    if (!message) {
      socket.emit(ServerEvents.error, { message: DRAFT_NOT_FOUND });
      return undefined;
    }
    socket.nsp.to(draftRoom(input.draftId)).emit(ServerEvents.chatMessage, {
      ...message,
      position: null,
      version: null,
      serverTime: new Date().toISOString(),
    });
    return { ok: true };
  }

  @SubscribeMessage(ClientEvents.typing)
  typing(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): void {
    const user = socketUser(socket);
    if (!user) return;
    const input = parseSocketInput(socket, typingPayloadSchema, payload);
    if (!input) return;
    // A stop for a room the socket is not in is dropped, not refused: leaving ended the socket's typing there, and a
    // browser leaving a room while its user types sends the room's leave before the chat box's stop.
    if (!input.isTyping && !joinedDrafts(socket).has(input.draftId)) return;
    if (!this.isMember(socket, input.draftId)) return;
    const { draftId } = input;
    passTypingOn(socket, draftId, input.isTyping, Date.now(), (isTyping) => {
      if (socket.disconnected || !joinedDrafts(socket).has(draftId)) return;
      socket.to(draftRoom(draftId)).emit(ServerEvents.userTyping, {
        ...liveMeta(draftId, null, Date.now()),
        userId: user.id,
        username: user.username,
        isTyping,
      });
    });
  }

  /**
   * Bids are heard on the socket itself rather than through @SubscribeMessage: Nest's WebSocket pipeline (an rxjs
   * chain and an execution context per message) was ~7 % of the API's time when rooms race, where each accepted bid
   * brings ~11 losing ones (docs/benchmarks.md). Same answers: `error` on a refusal, the exception filter's answer on
   * a failure, and the acknowledgement, accepted or refused, when the client asked for one.
   */
  handleConnection(socket: Socket): void {
    socket.on(ClientEvents.bidOnPlayer, (payload: unknown, ack?: unknown) => {
      // Counted with the socket's other messages (SOCKET_MESSAGES_IN_FLIGHT_MAX), as @SubscribeMessage handlers are.
      if (!takeSocketMessagePlace(socket)) return;
      this.bidOnPlayer(socket, payload).then(
        (response) => {
          releaseSocketMessagePlace(socket);
          if (typeof ack === 'function') ack(response);
        },
        (error: unknown) => {
          releaseSocketMessagePlace(socket);
          answerSocketFailure(socket, error, this.logger);
        },
      );
    });
  }

  /**
   * The same command as POST /auctions/{id}/bid; the time it arrived is the bid's time. Answers the acknowledgement
   * (ADR 0035): a refusal too, with the status and message REST would give, besides the `error` event.
   */
  async bidOnPlayer(socket: Socket, payload: unknown): Promise<BidOnPlayerAck> {
    const arrivedAt = Date.now();
    const at = new Date(arrivedAt).toISOString();
    const user = socketUser(socket);
    // The main gateway told the socket `error { message: 'Not authenticated' }`.
    if (!user) return { accepted: false, status: HttpStatus.UNAUTHORIZED, message: NOT_AUTHENTICATED };
    const input = readSocketInput(socket, bidOnPlayerPayloadSchema, payload);
    if (!input.ok) return { accepted: false, status: HttpStatus.BAD_REQUEST, message: input.message };
    const { draftId, playerId, auctionId, bidAmount, teamId, commandId } = input.value;
    // A sale due meanwhile waits for it (arrivalsInFlight), as for a bid over HTTP.
    const arrival = arrivalsInFlight.enter(arrivedAt, draftId);
    try {
      // A retried bid (same commandId) answers the first outcome and appends nothing (ADR 0020).
      const { auction, bid } = await withIdempotencyKey(commandId, () =>
        this.commandBus.execute(
          new PlaceBidCommand({ draftId, playerId, auctionId }, bidAmount, teamId, user, at, arrival),
        ),
      );
      return {
        accepted: true,
        auctionId: auction._id,
        bidAmount: bid.amount,
        currentBid: auction.currentBid,
        currentBidder: auction.currentBidder,
      };
    } catch (error) {
      // A refusal (mostly a lost race: ~11 per accepted bid when a room races) or a failure: the exception filter's
      // own answer, `error { message }`, an unexpected failure logged with its stack.
      const { status, message } = answerSocketFailure(socket, error, this.logger);
      return { accepted: false, status, message };
    } finally {
      arrival.answered();
    }
  }

  private isMember(socket: Socket, draftId: string): boolean {
    if (joinedDrafts(socket).has(draftId)) return true;
    socket.emit(ServerEvents.error, { message: JOIN_FIRST });
    return false;
  }

  /**
   * A socket leaving a room (or disconnecting) while the room sees it typing: the room is told it stopped now, rather
   * than keeping the indicator until it fades (docs/product.md §4.9 (Chat and typing)).
   */
  private endTyping(socket: Socket, draftId: string, user: Pick<AuthUser, 'id' | 'username'>): void {
    const shownTyping = typingOf(socket).get(draftId)?.sent === true;
    forgetTyping(socket, draftId);
    if (!shownTyping) return;
    try {
      socket.to(draftRoom(draftId)).emit(ServerEvents.userTyping, {
        ...liveMeta(draftId, null, Date.now()),
        userId: user.id,
        username: user.username,
        isTyping: false,
      });
    } catch (error) {
      this.logger.warn(`typing end for ${draftId} not sent: ${(error as Error).message}`);
    }
  }

  private announceLeft(socket: Socket, draftId: string, user: Pick<AuthUser, 'id' | 'username'>): void {
    try {
      socket.to(draftRoom(draftId)).emit(ServerEvents.userLeft, {
        ...liveMeta(draftId, null, Date.now()),
        userId: user.id,
        username: user.username,
      });
    } catch (error) {
      this.logger.warn(`userLeft for ${draftId} not sent: ${(error as Error).message}`);
    }
  }
}

/**
 * Clients send `joinDraft {draftId}` (docs/product.md §7.8 (Socket: client events)); a bare id string is accepted
 * too (as before).
 */
function asDraftPayload(payload: unknown): unknown {
  return typeof payload === 'string' ? { draftId: payload } : payload;
}

/** The shortest time between two typing signals of one socket in one room that are passed on to the room. */
export const TYPING_MIN_INTERVAL_MS = 250;

interface TypingState {
  /** What the room was last told. */
  sent: boolean;
  at: number;
  /** The latest signal that came too soon, sent when the interval is over if it still differs. */
  pending?: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * The browser sends typing only when it changes (docs/product.md §4.9); the server holds every socket to the same
 * rule, and to one change per TYPING_MIN_INTERVAL_MS, so a client sending thousands costs the room nothing. A change
 * that comes too soon is not lost: the socket's latest state goes out once the interval is over (a quick stop must not
 * leave the room showing someone typing).
 */
const joinAllowances = new WeakMap<Socket, TokenBucket>();

/** The socket's own joinDraft allowance (ROOM_JOIN_RATE_LIMIT): in memory, a socket lives on one instance. */
function joinAllowance(socket: Socket): TokenBucket {
  let bucket = joinAllowances.get(socket);
  if (!bucket) {
    const { burst, perSecond } = ROOM_JOIN_RATE_LIMIT;
    joinAllowances.set(socket, (bucket = new TokenBucket(burst, perSecond, Date.now())));
  }
  return bucket;
}

function passTypingOn(
  socket: Socket,
  draftId: string,
  isTyping: boolean,
  now: number,
  send: (isTyping: boolean) => void,
): void {
  const typing = typingOf(socket);
  const last = typing.get(draftId);
  if (!last) {
    // Nobody was shown typing before a start.
    if (!isTyping) return;
    typing.set(draftId, { sent: true, at: now });
    send(true);
    return;
  }
  if (now - last.at >= TYPING_MIN_INTERVAL_MS) {
    last.pending = undefined;
    if (isTyping === last.sent) return;
    last.sent = isTyping;
    last.at = now;
    send(isTyping);
    return;
  }
  last.pending = isTyping;
  last.timer ??= setTimeout(
    () => {
      last.timer = undefined;
      const pending = last.pending;
      last.pending = undefined;
      if (pending === undefined || pending === last.sent || typing.get(draftId) !== last) return;
      last.sent = pending;
      last.at = Date.now();
      send(pending);
    },
    TYPING_MIN_INTERVAL_MS - (now - last.at),
  ).unref();
}

/** A (re)joined room starts with the socket not typing. */
function forgetTyping(socket: Socket, draftId: string): void {
  const typing = typingOf(socket);
  clearTimeout(typing.get(draftId)?.timer);
  typing.delete(draftId);
}

function typingOf(socket: Socket): Map<string, TypingState> {
  const data = socket.data as { typing?: Map<string, TypingState> };
  data.typing ??= new Map();
  return data.typing;
}
