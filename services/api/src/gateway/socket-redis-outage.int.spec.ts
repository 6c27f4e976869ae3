import { afterAll, describe, expect, it } from '@jest/globals';
import { bidPlacedSchema } from '@auction/contracts';
import {
  apiProcessSuite,
  startRedisServer,
  type ApiProcess,
  type RedisServerProcess,
} from '../test-support/api-process.js';
import type { TestUser } from '../test-support/app-harness.js';
import { connected, connectSocket, nextEvent, openDraftRoom } from '../test-support/socket-client.js';
import {
  createLeague,
  eventually,
  nominate,
  type League,
} from '../modules/auctions/__tests__/auction-test-kit.js';

const GIBBS = '9221';
/** A presence call gives up after 1 s (FAIL_FAST_COMMAND_TIMEOUT_MS); sign-in and join each make one. */
const ANSWER_WITHIN_MS = 5_000;
/** The presence heartbeat (PRESENCE_HEARTBEAT_MS, 20 s) puts the sockets back once Redis answers. */
const RESTORED_WITHIN_MS = 30_000;

const suite = apiProcessSuite();
const redisServers: RedisServerProcess[] = [];

afterAll(async () => {
  for (const redis of redisServers) {
    redis.thaw();
    await redis.stop();
  }
});

/** A socket of `user` on `host`, signed in and in the draft's room (closed after the tests). */
async function openAs(host: ApiProcess, user: TestUser, draftId: string) {
  const opened = await openDraftRoom(host.baseUrl, user.token, draftId);
  suite.keep(opened.socket);
  return opened;
}

async function startLeague(
  prefix: string,
): Promise<{ host: ApiProcess; redis: RedisServerProcess; league: League }> {
  const redis = await startRedisServer();
  redisServers.push(redis);
  const host = await suite.start({ REDIS_URL: redis.url });
  const admin = await host.loginAdmin();
  const league = await createLeague(host, {
    prefix,
    teams: 3,
    settings: { auctionTimeLimit: 60, bidTimeReset: 60 },
    loadPlayers: async () => {
      const synced = await host.request('POST', '/api/players/sync', { token: admin.token });
      if (synced.status !== 200) throw new Error(`sync answered ${synced.status}: ${synced.body.message}`);
    },
  });
  return { host, redis, league };
}

describe('the draft room while Redis answers nothing (docs/product.md §7.8)', () => {
  it('a page signs in, joins the room, is announced and bids; presence is shared again once Redis answers', async () => {
    const { host, redis, league } = await startLeague('sockstall');
    const [alice, bob, carol] = league.users;
    const { socket: aliceSocket } = await openAs(host, alice!, league.draftId);

    redis.freeze();
    // Sign-in and join are answered from this instance's own sockets instead of waiting on presence for ever.
    const bobJoined = nextEvent<{ username: string }>(
      aliceSocket,
      'userJoined',
      () => true,
      ANSWER_WITHIN_MS,
    );
    const { socket: bobSocket, count, roomUsers } = await openAs(host, bob!, league.draftId);
    expect(count).toBe(2);
    expect(roomUsers).toEqual(['sockstall_u1', 'sockstall_u2']);
    expect((await bobJoined).username).toBe('sockstall_u2');

    // A page that chats as soon as it is signed in, before its join was answered (the join waits on presence), is
    // not refused as not in the room: its message reaches the room.
    const carolSocket = await connected(connectSocket(host.baseUrl));
    suite.keep(carolSocket);
    const carolIn = nextEvent(carolSocket, 'authenticated', () => true, ANSWER_WITHIN_MS);
    carolSocket.emit('authenticate', carol!.token);
    await carolIn;
    const heard = nextEvent<{ message: string }>(
      aliceSocket,
      'chatMessage',
      (chat) => chat.message === 'straight after joining',
      ANSWER_WITHIN_MS,
    );
    carolSocket.emit('joinDraft', { draftId: league.draftId });
    const chatAck: unknown = await carolSocket
      .timeout(ANSWER_WITHIN_MS)
      .emitWithAck('chatMessage', { draftId: league.draftId, message: 'straight after joining' });
    expect(chatAck).toEqual({ ok: true });
    await heard;
    carolSocket.disconnect();

    // The draft goes on: Bob's bid is accepted and Alice sees it.
    const started = nextEvent(bobSocket, 'auctionStarted', () => true, ANSWER_WITHIN_MS);
    expect((await nominate(host, alice!.token, { draftId: league.draftId, playerId: GIBBS })).status).toBe(
      201,
    );
    await started;
    const placed = nextEvent(aliceSocket, 'bidPlaced', () => true, ANSWER_WITHIN_MS);
    const ack: unknown = await bobSocket
      .timeout(ANSWER_WITHIN_MS)
      .emitWithAck('bidOnPlayer', { draftId: league.draftId, playerId: GIBBS, bidAmount: 3 });
    expect(ack).toMatchObject({ accepted: true, bidAmount: 3 });
    expect(bidPlacedSchema.parse(await placed)).toMatchObject({ bidAmount: 3 });

    // Redis answers again: the heartbeat puts Bob's socket and room back into the shared presence, so a page that
    // joins later lists him.
    redis.thaw();
    const later = await eventually(
      async () => {
        const opened = await openAs(host, carol!, league.draftId);
        opened.socket.disconnect();
        return opened;
      },
      (opened) => opened.roomUsers.length === 3,
      RESTORED_WITHIN_MS,
    );
    expect(later.roomUsers).toEqual(['sockstall_u1', 'sockstall_u2', 'sockstall_u3']);
    expect(later.count).toBe(3);
  }, 120_000);

  it('with Redis down, a page signs in and joins at once; a second tab of the same user is not announced again', async () => {
    const { host, redis, league } = await startLeague('sockdown');
    const [alice, bob] = league.users;
    const { socket: aliceSocket } = await openAs(host, alice!, league.draftId);
    await redis.stop();

    const heard: string[] = [];
    aliceSocket.on('userJoined', (payload: { username: string }) => heard.push(`joined ${payload.username}`));
    aliceSocket.on('userLeft', (payload: { username: string }) => heard.push(`left ${payload.username}`));
    const startedAt = Date.now();
    const firstTab = await openAs(host, bob!, league.draftId);
    const secondTab = await openAs(host, bob!, league.draftId);
    expect(Date.now() - startedAt).toBeLessThan(ANSWER_WITHIN_MS);
    expect(firstTab.roomUsers).toEqual(['sockdown_u1', 'sockdown_u2']);
    expect(secondTab.roomUsers).toEqual(['sockdown_u1', 'sockdown_u2']);
    expect(secondTab.count).toBe(2);

    // Closing one of Bob's tabs leaves him in the room; closing the other announces that he left.
    firstTab.socket.disconnect();
    const left = nextEvent(aliceSocket, 'userLeft', () => true, ANSWER_WITHIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 500));
    secondTab.socket.disconnect();
    await left;
    expect(heard).toEqual(['joined sockdown_u2', 'left sockdown_u2']);
  }, 120_000);
});
