import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bidPlacedSchema, type ActiveUsersUpdate } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import {
  buildApi,
  dropProcessDatabase,
  startApiProcess,
  type ApiProcess,
} from '../../test-support/api-process.js';
import { newDatabaseUrl, type TestUser } from '../../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../../test-support/socket-client.js';
import { createLeague, nominate } from './__tests__/auction-test-kit.js';

const GIBBS = '9221';
const databaseUrl = newDatabaseUrl();
const running: ApiProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  await buildApi();
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const api of running) await api.kill('SIGTERM');
  await dropProcessDatabase(databaseUrl);
});

async function openAs(api: ApiProcess, user: TestUser, draftId: string): Promise<Socket> {
  const socket = await connected(connectSocket(api.baseUrl));
  sockets.push(socket);
  const authenticated = nextEvent(socket, 'authenticated');
  socket.emit('authenticate', user.token);
  await authenticated;
  const joined = nextEvent(socket, 'draftJoined');
  socket.emit('joinDraft', { draftId });
  await joined;
  return socket;
}

const names = (update: ActiveUsersUpdate) => update.activeUsers.map((entry) => entry.username);

describe('two API processes on one database and Redis', () => {
  it('a bid sent to one reaches a client of the other; presence counts both', async () => {
    const one = await startApiProcess(databaseUrl);
    running.push(one);
    const two = await startApiProcess(databaseUrl);
    running.push(two);
    const admin = await one.loginAdmin();
    const league = await createLeague(one, {
      prefix: 'two',
      loadPlayers: async () => {
        const synced = await one.request('POST', '/api/players/sync', { token: admin.token });
        if (synced.status !== 200) throw new Error(`sync answered ${synced.status}: ${synced.body.message}`);
      },
    });
    const [alice, bob] = league.users;

    const onTwo = await openAs(two, alice!, league.draftId);
    const bothPresent = nextEvent(onTwo, 'activeUsersUpdate', (update: ActiveUsersUpdate) =>
      ['two_u1', 'two_u2'].every((name) => names(update).includes(name)),
    );
    const onOne = await openAs(one, bob!, league.draftId);
    expect(names(await bothPresent)).toEqual(['two_u1', 'two_u2']);

    const started = nextEvent(onOne, 'auctionStarted');
    expect((await nominate(two, alice!.token, { draftId: league.draftId, playerId: GIBBS })).status).toBe(
      201,
    );
    await started;

    const placed = nextEvent(onTwo, 'bidPlaced');
    const ack = await onOne.emitWithAck('bidOnPlayer', {
      draftId: league.draftId,
      playerId: GIBBS,
      bidAmount: 3,
    });
    expect(ack).toMatchObject({ accepted: true, bidAmount: 3 });
    const payload = bidPlacedSchema.parse(await placed);
    expect(payload).toMatchObject({
      bidAmount: 3,
      bidderName: league.teams[1]!.name,
      auction: { currentBid: 3 },
    });
  }, 120_000);
});
