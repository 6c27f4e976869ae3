import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { playersDataSchema, type Player, type PlayersData } from '@auction/contracts';
import { draftStreamId, type DraftEvent, type Pick } from '@auction/domain';
import { PostgresEventStore } from '@auction/event-store';
import type { TestApp, TestResponse } from '../../../test-support/app-harness.js';
import { LeagueProjections } from '../../drafts/index.js';
import { PlayerCatalogueWriter, loadBundledPlayers } from '../../player-sync/index.js';
import { poolOf, snapshotLeague } from '../../teams/__tests__/league-test-kit.js';

/** Loads the bundled dataset (the full pool, 573 players) through the sync's own writer. */
export async function loadBundledPool(t: TestApp): Promise<number> {
  const result = await t.app.get(PlayerCatalogueWriter).upsert(await loadBundledPlayers());
  return result.total;
}

/** Every player row and every league row: "changes nothing" compares two of these. */
export async function snapshotEverything(t: TestApp): Promise<unknown> {
  const { rows } = await poolOf(t).query('SELECT * FROM players ORDER BY id');
  return { players: rows, league: await snapshotLeague(t) };
}

/** Sends a bad request; checks the status, the message, the failure envelope and that nothing changed. */
export async function expectRefused(
  t: TestApp,
  send: () => Promise<TestResponse>,
  status: number,
  message: string | RegExp,
): Promise<void> {
  const before = await snapshotEverything(t);
  const response = await send();
  expect({ status: response.status, success: response.body.success, data: response.body.data }).toEqual({
    status,
    success: false,
    data: null,
  });
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
  expect(await snapshotEverything(t)).toEqual(before);
}

/** GET a player listing, check it is a 200 with contracts' playersDataSchema, answer the data. */
export async function getPlayers(t: TestApp, token: string, path: string): Promise<PlayersData> {
  const response = await t.request<PlayersData>('GET', path, { token });
  if (response.status !== 200) {
    throw new Error(`GET ${path} answered ${response.status}: ${response.body.message}`);
  }
  return playersDataSchema.parse(response.body.data);
}

/** The names of a search's answer, in order. */
export async function searchNames(t: TestApp, token: string, query: string): Promise<string[]> {
  const { players } = await getPlayers(t, token, `/api/players/search?${query}`);
  return players.map((player: Player) => player.name);
}

/** Appends picks as the auction will: straight to the draft stream, projected inline by the league projections. */
export async function sellPlayers(t: TestApp, draftId: string, picks: Pick[]): Promise<void> {
  const store = t.app.get(PostgresEventStore);
  const projection = t.app.get(LeagueProjections);
  const streamId = draftStreamId(draftId);
  const expectedVersion = await store.streamVersion(streamId);
  const events = picks.map((pick) => ({ type: 'PlayerSold', data: { pick } }) satisfies DraftEvent);
  await store.append(streamId, events, {
    expectedVersion,
    metadata: { actorUsername: 'test' },
    project: (tx, recorded) => projection.apply(recorded, tx),
  });
}

/** A pick of a catalogue player (by provider id) for `teamId`. */
export function pickOf(player: Player, pickNumber: number, teamId: string, cost: number): Pick {
  return {
    pickNumber,
    playerId: player.providerId,
    playerName: player.name,
    position: player.position,
    nflTeam: player.team ?? 'FA',
    teamId,
    cost,
    pickId: randomUUID(),
    source: 'auction',
    pickedAt: new Date().toISOString(),
  };
}
