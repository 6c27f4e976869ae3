import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { draftLiveSchema, ServerEvents, type Draft } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { connected, connectSocket, joinedDraftRoom, nextEvent } from '../../test-support/socket-client.js';
import { createLeague, nominate } from '../auctions/__tests__/auction-test-kit.js';
import { createDraft, createTeam, poolOf } from '../teams/__tests__/league-test-kit.js';

type DraftUpdatedPayload = { draftId: string; action: string; draft: Draft | null };

let t: TestApp;
let admin: TestUser;
let socket: Socket;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAdmin();
  const viewer = await t.registerUser('viewer');
  socket = await connected(connectSocket(t.baseUrl));
  const authenticated = nextEvent(socket, ServerEvents.authenticated);
  socket.emit('authenticate', viewer.token);
  await authenticated;
  // A client showing the list of drafts: draft-level events of every draft reach it (ADR 0021).
  await socket.emitWithAck('watchDrafts');
});

afterAll(async () => {
  socket?.disconnect();
  await t?.close();
});

describe('draft events over the socket, after commit', () => {
  it('announces creation, team assignment, start and deletion to clients watching the drafts', async () => {
    const created = nextEvent<DraftUpdatedPayload>(
      socket,
      ServerEvents.draftUpdated,
      (p) => p.action === 'created',
    );
    const draft = await createDraft(t, admin.token, 'Live League');
    expect(await created).toMatchObject({
      draftId: draft._id,
      draft: { name: 'Live League', status: 'created' },
    });

    const team = await createTeam(t, admin.token, 'Socket Sharks', 1);
    const assigned = nextEvent<DraftUpdatedPayload>(
      socket,
      ServerEvents.draftUpdated,
      (p) => p.action === 'teamsAssigned',
    );
    await t.request('POST', `/api/drafts/${draft._id}/teams`, {
      token: admin.token,
      body: { teamIds: [team._id] },
    });
    expect((await assigned).draft?.teams.map((entry) => entry._id)).toEqual([team._id]);

    const started = nextEvent<{ draftId: string; draft: Draft }>(socket, ServerEvents.draftStarted);
    await t.request('POST', `/api/drafts/${draft._id}/start`, { token: admin.token });
    expect(await started).toMatchObject({ draftId: draft._id, draft: { status: 'active', currentRound: 1 } });

    const deleted = nextEvent<DraftUpdatedPayload>(
      socket,
      ServerEvents.draftUpdated,
      (p) => p.action === 'deleted',
    );
    await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin.token });
    expect(await deleted).toMatchObject({ draftId: draft._id, action: 'deleted', draft: null });
  });

  it("sends a turn passed within a round to the draft's room only, and a new round to the lists too", async () => {
    // Auctions of 2 s: each sale passes the turn (an admin's assignment is a correction and does not).
    const league = await createLeague(t, {
      prefix: 'roundwatch',
      settings: { auctionTimeLimit: 2, bidTimeReset: 2 },
    });
    const { socket: member } = await joinedDraftRoom(t.baseUrl, league.users[0]!.token, league.draftId);
    const listed: Array<{ action: string; round: number | undefined }> = [];
    const onListed = (payload: DraftUpdatedPayload) => {
      if (payload.draftId === league.draftId)
        listed.push({ action: payload.action, round: payload.draft?.currentRound });
    };
    socket.on(ServerEvents.draftUpdated, onListed);
    const sell = async (playerId: string, owner: TestUser) => {
      const opened = await nominate(t, owner.token, { draftId: league.draftId, playerId });
      expect(opened.status).toBe(201);
    };
    const turnInRoom = (round: number) =>
      nextEvent<DraftUpdatedPayload>(
        member,
        ServerEvents.draftUpdated,
        (payload) =>
          payload.draftId === league.draftId &&
          payload.action === 'turnPassed' &&
          payload.draft?.currentRound === round,
      );
    try {
      // Two teams: the first sale passes the turn within round 1, the second starts round 2.
      const withinRound = turnInRoom(1);
      await sell('9221', league.users[0]!);
      await withinRound;
      const nextRoundInRoom = turnInRoom(2);
      const nextRoundListed = nextEvent<DraftUpdatedPayload>(
        socket,
        ServerEvents.draftUpdated,
        (payload) => payload.draftId === league.draftId && payload.draft?.currentRound === 2,
      );
      await sell('9509', league.users[1]!);
      await nextRoundInRoom;
      await nextRoundListed;
      // A socket's events arrive in order: had the first turn reached the list, it would be here before round 2's.
      expect(listed).toEqual([{ action: 'turnPassed', round: 2 }]);
    } finally {
      socket.off(ServerEvents.draftUpdated, onListed);
      member.disconnect();
    }
  });

  it('gives draftStarted and draftUpdated their log place (position, draft stream version) and the server time', async () => {
    const lastOf = async (draftId: string) => {
      const { rows } = await poolOf(t).query<{ position: string; version: number }>(
        `SELECT global_position::text AS position, stream_version AS version FROM es_events
         WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`,
        [`draft-${draftId}`],
      );
      return rows[0]!;
    };
    const expectPlaced = async (payload: unknown, draftId: string, action: string) => {
      const parsed = draftLiveSchema.parse(payload);
      expect(parsed).toMatchObject({ draftId, action, ...(await lastOf(draftId)) });
      expect(Math.abs(Date.parse(parsed.serverTime) - Date.now())).toBeLessThan(10_000);
      return parsed;
    };

    const created = nextEvent(
      socket,
      ServerEvents.draftUpdated,
      (p: DraftUpdatedPayload) => p.action === 'created',
    );
    const draft = await createDraft(t, admin.token, 'Placed League');
    expect((await expectPlaced(await created, draft._id, 'created')).version).toBe(1);

    const team = await createTeam(t, admin.token, 'Placed Pumas', 2);
    const assigned = nextEvent(
      socket,
      ServerEvents.draftUpdated,
      (p: DraftUpdatedPayload) => p.action === 'teamsAssigned',
    );
    await t.request('POST', `/api/drafts/${draft._id}/teams`, {
      token: admin.token,
      body: { teamIds: [team._id] },
    });
    expect((await expectPlaced(await assigned, draft._id, 'teamsAssigned')).version).toBe(2);

    const started = nextEvent(socket, ServerEvents.draftStarted);
    await t.request('POST', `/api/drafts/${draft._id}/start`, { token: admin.token });
    const start = await expectPlaced(await started, draft._id, 'started');
    expect(start.draft).toMatchObject({ status: 'active', version: start.version });

    const deleted = nextEvent(
      socket,
      ServerEvents.draftUpdated,
      (p: DraftUpdatedPayload) => p.action === 'deleted',
    );
    await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin.token });
    expect((await expectPlaced(await deleted, draft._id, 'deleted')).version).toBeGreaterThan(start.version!);
  });

  it('announces nothing for a refused command', async () => {
    let announced = 0;
    const count = () => (announced += 1);
    socket.on(ServerEvents.draftStarted, count);
    const response = await t.request('POST', `/api/drafts/00000000-0000-4000-8000-000000000000/start`, {
      token: admin.token,
    });
    expect(response.status).toBe(404);
    // A later, real announcement proves the socket is still listening: anything from the refusal would be first.
    const marker = nextEvent<DraftUpdatedPayload>(
      socket,
      ServerEvents.draftUpdated,
      (p) => p.action === 'created',
    );
    await createDraft(t, admin.token, 'Marker League');
    await marker;
    socket.off(ServerEvents.draftStarted, count);
    expect(announced).toBe(0);
  });
});
