import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ServerEvents, teamUpdatedPayloadSchema, type TeamUpdatedPayload } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent, signedInSocket } from '../../test-support/socket-client.js';
import { createLeague, type League } from '../auctions/__tests__/auction-test-kit.js';

let t: TestApp;
let league: League;
let outsider: TestUser;
const sockets: Socket[] = [];

/** A socket signed in as `user`, in no draft's room. */
async function signedIn(user: TestUser): Promise<Socket> {
  const socket = await signedInSocket(t.baseUrl, user.token);
  sockets.push(socket);
  return socket;
}

async function inRoom(user: TestUser): Promise<Socket> {
  const { socket } = await joinedDraftRoom(t.baseUrl, user.token, league.draftId);
  sockets.push(socket);
  return socket;
}

function teamUpdated(socket: Socket, teamId: string): Promise<TeamUpdatedPayload> {
  return nextEvent<unknown>(socket, ServerEvents.teamUpdated, (payload) => {
    const parsed = teamUpdatedPayloadSchema.safeParse(payload);
    return parsed.success && parsed.data._id === teamId;
  }).then((payload) => teamUpdatedPayloadSchema.parse(payload));
}

/** Collects every teamUpdated a socket hears (to show one that must not come). */
function heard(socket: Socket): unknown[] {
  const payloads: unknown[] = [];
  socket.on(ServerEvents.teamUpdated, (payload: unknown) => payloads.push(payload));
  return payloads;
}

beforeAll(async () => {
  t = await startTestApp();
  league = await createLeague(t, { prefix: 'tln', teams: 2 });
  outsider = await t.registerUser('tln_outsider');
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

describe('teamUpdated', () => {
  it("tells the draft's room, the previous and the new owner, and the admins when a team changes owner", async () => {
    const [team] = league.teams;
    const previousOwner = await inRoom(league.users[0]!);
    const rival = await inRoom(league.users[1]!);
    const newOwner = await signedIn(outsider);
    const admin = await signedIn(await t.loginAdmin());
    const elsewhere = await signedIn(await t.registerUser('tln_elsewhere'));
    const notForElsewhere = heard(elsewhere);

    const expected = { _id: team!._id, draftIds: [league.draftId] };
    const told = Promise.all([previousOwner, rival, newOwner, admin].map((s) => teamUpdated(s, team!._id)));
    const assigned = await t.request('POST', `/api/teams/${team!._id}/assign-owner`, {
      token: (await t.loginAdmin()).token,
      body: { userId: outsider.user._id },
    });
    expect(assigned.status).toBe(200);
    expect(await told).toEqual([expected, expected, expected, expected]);
    // A user with no part in the change and no seat in the draft hears nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notForElsewhere).toEqual([]);
  });

  it("is not heard in another league's room drafting at the same time", async () => {
    const other = await createLeague(t, { prefix: 'tln2', teams: 2 });
    const otherRoom = heard(
      await joinedDraftRoom(t.baseUrl, other.users[0]!.token, other.draftId).then(({ socket }) => {
        sockets.push(socket);
        return socket;
      }),
    );
    const team = league.teams[1]!;
    const room = await inRoom(league.users[1]!);
    const told = teamUpdated(room, team._id);
    const renamed = await t.request('PUT', `/api/teams/${team._id}`, {
      token: (await t.loginAdmin()).token,
      body: { name: 'tln Second League Check' },
    });
    expect(renamed.status).toBe(200);
    expect(await told).toEqual({ _id: team._id, draftIds: [league.draftId] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(otherRoom).toEqual([]);
  });

  it("tells the draft's room when a team is renamed", async () => {
    const team = league.teams[1]!;
    const room = await inRoom(league.users[1]!);
    const told = teamUpdated(room, team._id);
    const renamed = await t.request('PUT', `/api/teams/${team._id}`, {
      token: (await t.loginAdmin()).token,
      body: { name: 'tln Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(await told).toEqual({ _id: team._id, draftIds: [league.draftId] });
  });
});
