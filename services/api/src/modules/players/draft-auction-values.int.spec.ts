import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  draftValuesDataSchema,
  playerDataSchema,
  type DraftValuesData,
  type PlayerData,
} from '@auction/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { assignTeams, createDraft, createTeam, UNKNOWN_ID } from '../teams/__tests__/league-test-kit.js';
import {
  expectRefused,
  getPlayers,
  loadBundledPool,
  pickOf,
  sellPlayers,
} from './__tests__/player-test-kit.js';

// Auction values per draft (issue 13, part 3; docs/adr/0019).
let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAdmin();
  user = await t.registerUser('valuer');
  await loadBundledPool(t);
});

afterAll(async () => {
  await t?.close();
});

const values = async (draftId: string): Promise<DraftValuesData> => {
  const response = await t.request<DraftValuesData>('GET', `/api/drafts/${draftId}/values`, {
    token: user.token,
  });
  expect(response.status).toBe(200);
  return draftValuesDataSchema.parse(response.body.data);
};

describe('auction values of a draft', () => {
  it('values players in the draft dollars, and inflation moves after a cheap sale', async () => {
    const gurus = await createTeam(t, admin.token, 'Value Gurus', 1);
    const blitz = await createTeam(t, admin.token, 'Value Blitz', 2);
    const draft = await createDraft(t, admin.token, 'Values League', {
      teamsCount: 2,
      playersPerTeam: 20,
      budgetPerTeam: 300,
    });
    await assignTeams(t, admin.token, draft._id, [gurus._id, blitz._id]);

    const before = await values(draft._id);
    expect(before.inflation).toBe(1);
    // Every value is whole dollars, at least $1, and the league's 2 × $300 are spent on the best 40.
    const top = before.players.slice(0, 40);
    expect(before.players.every((p) => p.available)).toBe(true);
    expect(top.reduce((sum, p) => sum + p.auctionValue, 0)).toBe(600);
    expect(before.players.every((p) => Number.isInteger(p.auctionValue) && p.auctionValue >= 1)).toBe(true);

    const star = before.players[0]!;
    expect(star.auctionValue).toBeGreaterThan(2);
    const { players } = await getPlayers(t, user.token, `/api/players?draftId=${draft._id}&limit=100`);
    const listed = players.find((p) => p.playerId === star.playerId);
    expect(listed?.auctionValue).toBe(star.auctionValue);
    const read = await t.request<PlayerData>(
      'GET',
      `/api/players/sleeper/${star.playerId}?draftId=${draft._id}`,
      {
        token: user.token,
      },
    );
    expect(playerDataSchema.parse(read.body.data).player.auctionValue).toBe(star.auctionValue);

    const starPlayer = playerDataSchema.parse(read.body.data).player;
    await sellPlayers(t, draft._id, [pickOf(starPlayer, 1, gurus._id, 1)]);
    const after = await values(draft._id);
    expect(after.inflation).toBeGreaterThan(1);
    // The sold star keeps its pre-draft value, listed after the available players.
    expect(after.players.at(-1)?.available).toBe(false);
    expect(after.players.find((p) => p.playerId === star.playerId)).toMatchObject({
      available: false,
      auctionValue: star.auctionValue,
    });
    const second = before.players[1]!;
    expect(after.players.find((p) => p.playerId === second.playerId)!.auctionValue).toBeGreaterThan(
      second.auctionValue,
    );
  });

  it('answers 404 for an unknown draft and 400 for a bad id, and needs a signed-in user', async () => {
    await expectRefused(
      t,
      () => t.request('GET', `/api/drafts/${UNKNOWN_ID}/values`, { token: user.token }),
      404,
      'Draft not found',
    );
    await expectRefused(
      t,
      () => t.request('GET', `/api/drafts/nope/values`, { token: user.token }),
      400,
      'Invalid id',
    );
    expect((await t.request('GET', `/api/drafts/${UNKNOWN_ID}/values`)).status).toBe(401);
  });
});
