import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent } from '../test-support/socket-client.js';
import { createLeague, nominate } from '../modules/auctions/__tests__/auction-test-kit.js';
import { AppGateway, INVALID_SOCKET_TOKEN } from './app.gateway.js';
import { ADMINS_ROOM } from './socket-rooms.js';
import { SocketServerRef } from './socket-server.ref.js';

const GIBBS = '9221';
let t: TestApp;
let pool: Pool;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  pool = t.app.get<Pool>(PG_POOL);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

/** What the presence heartbeat runs every PRESENCE_HEARTBEAT_MS, run now. */
const heartbeat = () => t.app.get(AppGateway).keepPresenceAlive();

describe("an open socket follows its user's account as stored (the presence heartbeat)", () => {
  it('an admin demoted in the database bids as an owner from then on, and hears no admin-only events', async () => {
    const league = await createLeague(t, {
      prefix: 'demote',
      teams: 3,
      settings: { auctionTimeLimit: 60 },
    });
    const [alice, bob] = league.users;
    await pool.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [bob!.user._id]);
    const { socket } = await joinedDraftRoom(t.baseUrl, bob!.token, league.draftId);
    sockets.push(socket);
    expect((await nominate(t, alice!.token, { draftId: league.draftId, playerId: GIBBS })).status).toBe(201);
    // As an admin, Bob may bid for another owner's team (Alice's holds the opening bid).
    const asAdmin: unknown = await socket.timeout(5_000).emitWithAck('bidOnPlayer', {
      draftId: league.draftId,
      playerId: GIBBS,
      bidAmount: 2,
      teamId: league.teams[2]!._id,
    });
    expect(asAdmin).toMatchObject({ accepted: true, bidAmount: 2 });

    await pool.query(`UPDATE users SET role = 'user' WHERE id = $1`, [bob!.user._id]);
    await heartbeat();
    const refused = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('bidOnPlayer', {
      draftId: league.draftId,
      playerId: GIBBS,
      bidAmount: 3,
      teamId: league.teams[0]!._id,
    });
    expect((await refused).message).toBe('You can only bid for your own team');
    // His own team's bid still goes through.
    const own: unknown = await socket.timeout(5_000).emitWithAck('bidOnPlayer', {
      draftId: league.draftId,
      playerId: GIBBS,
      bidAmount: 3,
    });
    expect(own).toMatchObject({ accepted: true, bidAmount: 3 });
    const admins = await t.app.get(SocketServerRef).server!.in(ADMINS_ROOM).local.fetchSockets();
    expect(admins.map((admin) => admin.id)).not.toContain(socket.id);
  }, 60_000);

  it('a user deleted in the database is signed out of every open socket (authError, then disconnected)', async () => {
    const carol = await t.registerUser('deleted_carol');
    const league = await createLeague(t, { prefix: 'gone', start: false });
    const { socket } = await joinedDraftRoom(t.baseUrl, carol.token, league.draftId);
    sockets.push(socket);
    await pool.query(`DELETE FROM users WHERE id = $1`, [carol.user._id]);
    const told = nextEvent<{ message: string }>(socket, 'authError');
    const gone = nextEvent(socket, 'disconnect');
    await heartbeat();
    expect((await told).message).toBe(INVALID_SOCKET_TOKEN);
    await gone;
  }, 60_000);
});
