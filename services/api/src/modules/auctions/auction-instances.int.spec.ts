import { describe, expect, it } from '@jest/globals';
import {
  bidPlacedSchema,
  chatMessageEventSchema,
  profileUpdatedPayloadSchema,
  type ActiveUsersUpdate,
} from '@auction/contracts';
import { apiProcessSuite, type ApiProcess } from '../../test-support/api-process.js';
import type { TestUser } from '../../test-support/app-harness.js';
import { nextEvent, openDraftRoom } from '../../test-support/socket-client.js';
import { createLeague, eventually, nominate } from './__tests__/auction-test-kit.js';

const GIBBS = '9221';
const suite = apiProcessSuite();
const running: ApiProcess[] = [];

/** A socket of `user` on `host`, signed in and in the draft's room (closed after the tests). */
async function openAs(host: ApiProcess, user: TestUser, draftId: string) {
  const opened = await openDraftRoom(host.baseUrl, user.token, draftId);
  suite.keep(opened.socket);
  return opened;
}

describe('two API processes on one database and Redis', () => {
  it('a bid sent to one reaches a client of the other; presence counts both', async () => {
    const one = await suite.start();
    const two = await suite.start();
    running.push(one, two);
    const admin = await one.loginAdmin();
    const league = await createLeague(one, {
      prefix: 'two',
      loadPlayers: async () => {
        const synced = await one.request('POST', '/api/players/sync', { token: admin.token });
        if (synced.status !== 200) throw new Error(`sync answered ${synced.status}: ${synced.body.message}`);
      },
    });
    const [alice, bob] = league.users;

    const { socket: onTwo } = await openAs(two, alice!, league.draftId);
    const bothCounted = nextEvent(
      onTwo,
      'activeUsersUpdate',
      (update: ActiveUsersUpdate) => update.count === 2,
    );
    const { socket: onOne, count, roomUsers } = await openAs(one, bob!, league.draftId);
    expect(count).toBe(2);
    expect(roomUsers).toEqual(['two_u1', 'two_u2']);
    await bothCounted;

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

  it("a rename on one instance renames the user's sockets on both: chat and the room's users say the new name", async () => {
    const [one, two] = running;
    const league = await createLeague(one!, { prefix: 'ren', loadPlayers: async () => undefined });
    const [alice, bob] = league.users;
    const { socket: aliceOnTwo } = await openAs(two!, alice!, league.draftId);
    const { socket: aliceOnOne } = await openAs(one!, alice!, league.draftId);
    const { socket: bobOnOne } = await openAs(one!, bob!, league.draftId);
    // Alice's pages on every instance hear that her profile changed (their headers read it again); Bob's do not.
    const profileUpdates: string[] = [];
    for (const [name, socket] of [
      ['alice on two', aliceOnTwo],
      ['alice on one', aliceOnOne],
      ['bob on one', bobOnOne],
    ] as const) {
      socket.on('profileUpdated', (payload: unknown) => {
        const { _id, username } = profileUpdatedPayloadSchema.parse(payload);
        profileUpdates.push(`${name}: ${_id === alice!.user._id ? 'alice' : _id} is ${username}`);
      });
    }

    const renamed = await one!.request('PUT', '/api/auth/profile', {
      token: alice!.token,
      body: { username: 'ren_renamed' },
    });
    expect(renamed.status).toBe(200);
    // Instance two hears it over Redis: a room joined afterwards lists the new name once it has.
    await eventually(
      async () => (await openAs(two!, bob!, league.draftId)).roomUsers,
      (users) => users.includes('ren_renamed') && !users.includes('ren_u1'),
    );

    const heard: string[] = [];
    bobOnOne.on('chatMessage', (payload: unknown) => {
      const { user, message } = chatMessageEventSchema.parse(payload);
      heard.push(`${user.username}: ${message}`);
    });
    aliceOnOne.emit('chatMessage', { draftId: league.draftId, message: 'from one' });
    await eventually(
      async () => heard.length,
      (count) => count === 1,
    );
    aliceOnTwo.emit('chatMessage', { draftId: league.draftId, message: 'from two' });
    await eventually(
      async () => heard.length,
      (count) => count === 2,
    );
    expect(heard).toEqual(['ren_renamed: from one', 'ren_renamed: from two']);
    expect(profileUpdates.sort()).toEqual([
      'alice on one: alice is ren_renamed',
      'alice on two: alice is ren_renamed',
    ]);
  }, 60_000);
});
