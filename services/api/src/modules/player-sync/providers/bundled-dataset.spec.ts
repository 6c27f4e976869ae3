import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { BUNDLED_PLAYERS_CSV, loadBundledPlayers, parseBundledCsv } from './bundled-dataset.js';
import { BundledPlayerProvider } from './bundled-player.provider.js';
import { ProviderError, type ProviderPlayer } from './player-provider.js';

const HEADER =
  'provider_id,name,position,team,jersey_number,age,injury_status,projected_points,adp,auction_value,status';
const row = (id: number, overrides: Partial<Record<'position' | 'jersey' | 'age', string>> = {}) =>
  `${id},Player ${id},${overrides.position ?? 'WR'},KC,${overrides.jersey ?? '10'},${overrides.age ?? '25'},,100.5,12.3,4.5,Active`;
const csvOf = (rows: string[]) => [HEADER, ...rows].join('\n');

async function bundled(): Promise<Map<string, ProviderPlayer>> {
  const players = await loadBundledPlayers();
  return new Map(players.map((player) => [player.providerId, player]));
}

describe('the bundled dataset file', () => {
  it('is resolved inside services/api/assets, never from ../shared', () => {
    const file = fileURLToPath(BUNDLED_PLAYERS_CSV);
    expect(file.endsWith('/services/api/assets/players/players.csv')).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it('holds all 573 players with the documented positions', async () => {
    const players = await loadBundledPlayers();
    expect(players).toHaveLength(573);
    const byPosition: Record<string, number> = {};
    for (const player of players) byPosition[player.position] = (byPosition[player.position] ?? 0) + 1;
    expect(byPosition).toEqual({ QB: 70, RB: 125, WR: 198, TE: 115, K: 33, DEF: 32 });
    expect(new Set(players.map((player) => player.providerId)).size).toBe(573);
    expect(players.every((player) => player.provider === 'sleeper')).toBe(true);
  });

  it('maps a skill player, a defense and a player with missing values', async () => {
    const players = await bundled();
    expect(players.get('9509')).toEqual({
      provider: 'sleeper',
      providerId: '9509',
      name: 'Bijan Robinson',
      position: 'RB',
      team: 'ATL',
      jerseyNumber: 7,
      age: 24,
      status: 'Active',
      injuryStatus: null,
      projectedPoints: 324.9,
      adp: 1.8,
      auctionValue: 63.31,
    });
    expect(players.get('SEA')).toEqual({
      provider: 'sleeper',
      providerId: 'SEA',
      name: 'Seattle Seahawks',
      position: 'DEF',
      team: 'SEA',
      jerseyNumber: null,
      age: null,
      status: null,
      injuryStatus: null,
      projectedPoints: 103,
      adp: 83.1,
      auctionValue: null,
    });
    expect(players.get('13357')).toMatchObject({
      name: 'Lance Mason',
      jerseyNumber: 45,
      age: null,
      injuryStatus: null,
      adp: null,
      auctionValue: null,
    });
    // 0 is a real jersey number, and injury statuses are kept verbatim.
    expect(players.get('9221')).toMatchObject({ name: 'Jahmyr Gibbs', jerseyNumber: 0 });
    expect(players.get('9493')).toMatchObject({ name: 'Puka Nacua', injuryStatus: 'Questionable' });
    expect(players.get('7564')).toMatchObject({ name: "Ja'Marr Chase" });
  });

  it('is what the bundled provider answers', async () => {
    const players = await new BundledPlayerProvider().fetchPlayers(new AbortController().signal);
    expect(players).toEqual(await loadBundledPlayers());
  });
});

describe('parseBundledCsv', () => {
  it('drops a few invalid rows but refuses a file with more than 10 % of them', () => {
    const rows = Array.from({ length: 20 }, (_, index) => row(index + 1));
    rows[4] = row(5, { position: 'LB' });
    rows[7] = row(8, { jersey: '7.5' });
    const players = parseBundledCsv(csvOf(rows));
    expect(players.map((player) => player.providerId)).not.toContain('5');
    expect(players).toHaveLength(18);
    expect(players[0]).toMatchObject({
      projectedPoints: 100.5,
      adp: 12.3,
      auctionValue: 4.5,
      jerseyNumber: 10,
    });

    rows[9] = row(10, { age: 'old' });
    expect(() => parseBundledCsv(csvOf(rows))).toThrow(
      /^The bundled dataset returned malformed data: 3 of 20 player records are invalid \(e\.g\. line 6: Position must be one of/,
    );
  });

  it('refuses a file without the needed columns, an empty one and one that is not CSV', () => {
    expect(() => parseBundledCsv('provider_id,name\n1,A')).toThrow(
      'The bundled dataset lacks the columns position, team, jersey_number, age, status, injury_status, ' +
        'projected_points, adp, auction_value',
    );
    expect(() => parseBundledCsv(HEADER)).toThrow('The bundled dataset returned no usable players');
    expect(() => parseBundledCsv(`${HEADER}\n1,"unterminated,QB`)).toThrow(
      /^The bundled dataset is not valid CSV/,
    );
  });

  it('reports an unreadable file as a provider error', async () => {
    const missing = new URL('./no-such-players.csv', import.meta.url);
    const error = await new BundledPlayerProvider(missing)
      .fetchPlayers(new AbortController().signal)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/^The bundled dataset could not be read: ENOENT/);
  });
});
