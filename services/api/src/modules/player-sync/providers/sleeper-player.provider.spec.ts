import { beforeAll, describe, expect, it } from '@jest/globals';
import { SLEEPER_SAMPLE, sleeperDefense } from '../__tests__/sleeper-test-server.js';
import { bundledProjections, mapSleeperPlayers, type Projections } from './sleeper-player.provider.js';

let projections: Projections;
beforeAll(async () => {
  projections = await bundledProjections();
});

describe('mapSleeperPlayers', () => {
  it('keeps fantasy players with a team and maps their fields', () => {
    const players = mapSleeperPlayers(SLEEPER_SAMPLE, projections);
    expect(players).toHaveLength(145);
    const byId = new Map(players.map((player) => [player.providerId, player]));
    // Free agents (no team) are left out.
    expect(byId.has('1479')).toBe(false);
    expect(byId.get('10222')).toEqual({
      provider: 'sleeper',
      providerId: '10222',
      name: 'Jayden Reed',
      position: 'WR',
      team: 'GB',
      jerseyNumber: 11,
      age: 25,
      status: 'Active',
      injuryStatus: null,
      ...projections.get('10222'),
    });
  });

  it('merges projections, ADP and auction value from the bundled dataset by provider id', () => {
    const byId = new Map(
      mapSleeperPlayers(SLEEPER_SAMPLE, projections).map((player) => [player.providerId, player]),
    );
    expect(byId.get('9509')).toMatchObject({
      name: 'Bijan Robinson',
      team: 'ATL',
      jerseyNumber: 7,
      projectedPoints: 324.9,
      adp: 1.8,
      auctionValue: 63.31,
    });
    // Age comes from Sleeper's answer (April: 29), not from the dataset (August: 30).
    expect(byId.get('4984')).toMatchObject({ name: 'Josh Allen', age: 29, projectedPoints: 361.5 });
    // Not in the dataset: no projections rather than invented ones.
    expect(byId.get('11638')).toMatchObject({
      name: 'Ricky Pearsall',
      projectedPoints: null,
      adp: null,
      auctionValue: null,
    });
  });

  it('names defenses "City Nickname", from first/last name or from the team list', () => {
    const players = mapSleeperPlayers(
      {
        HOU: sleeperDefense('HOU', { first_name: 'Houston', last_name: 'Texans' }),
        SEA: sleeperDefense('SEA'),
        '9509': SLEEPER_SAMPLE['9509'],
      },
      projections,
    );
    expect(players.find((player) => player.providerId === 'HOU')).toEqual({
      provider: 'sleeper',
      providerId: 'HOU',
      name: 'Houston Texans',
      position: 'DEF',
      team: 'HOU',
      jerseyNumber: null,
      age: null,
      status: null,
      injuryStatus: null,
      projectedPoints: 104,
      adp: 97.3,
      auctionValue: null,
    });
    expect(players.find((player) => player.providerId === 'SEA')?.name).toBe('Seattle Seahawks');
  });

  it('ignores other positions and players without a team', () => {
    const players = mapSleeperPlayers(
      {
        '9509': SLEEPER_SAMPLE['9509'],
        '1': { player_id: '1', position: 'OL', team: 'KC', full_name: 'A Lineman' },
        '2': { player_id: '2', position: 'QB', team: null, full_name: 'A Free Agent' },
      },
      projections,
    );
    expect(players.map((player) => player.providerId)).toEqual(['9509']);
  });

  it('refuses an answer that is not an object of players', () => {
    for (const payload of [null, [], 'players', 42, {}]) {
      expect(() => mapSleeperPlayers(payload, projections)).toThrow(
        "Sleeper's answer is not the expected shape (an object of players keyed by player id)",
      );
    }
  });

  it('drops a few malformed records but refuses more than 10 %, and zero usable players', () => {
    const entries = Object.entries(SLEEPER_SAMPLE).slice(0, 30);
    const payload: Record<string, unknown> = Object.fromEntries(entries);
    payload['4984'] = { ...SLEEPER_SAMPLE['4984'], number: 'seventeen' };
    payload['9509'] = 'not a player';
    const kept = mapSleeperPlayers(payload, projections);
    expect(kept.map((player) => player.providerId)).not.toContain('4984');
    expect(kept.length).toBeGreaterThan(20);

    payload['7564'] = { ...SLEEPER_SAMPLE['7564'], player_id: '9999' };
    payload['10222'] = { ...SLEEPER_SAMPLE['10222'], age: 300 };
    expect(() => mapSleeperPlayers(payload, projections)).toThrow(
      /^Sleeper returned malformed data: 4 of 3\d player records are invalid \(e\.g\. /,
    );

    expect(() =>
      mapSleeperPlayers({ '1': { player_id: '1', position: 'OL', team: 'KC' } }, projections),
    ).toThrow('Sleeper returned no usable players');
  });

  it('drops a record whose text PostgreSQL cannot store as sent (NUL, an unpaired surrogate), keeping the rest', () => {
    const payload: Record<string, unknown> = Object.fromEntries(Object.entries(SLEEPER_SAMPLE).slice(0, 30));
    const before = mapSleeperPlayers(payload, projections).map((player) => player.providerId);
    const [withNul, withSurrogate] = before;
    payload[withNul!] = { ...(payload[withNul!] as object), full_name: 'Name\u0000', injury_status: null };
    payload[withSurrogate!] = { ...(payload[withSurrogate!] as object), injury_status: 'Q\ud800' };
    const after = mapSleeperPlayers(payload, projections).map((player) => player.providerId);
    expect(after).toEqual(before.filter((id) => id !== withNul && id !== withSurrogate));
  });
});
