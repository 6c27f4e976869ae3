import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Player, Team } from '@auction/contracts';
import type { Pool, PoolClient } from 'pg';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { createDraft, createTeam, assignTeams, poolOf } from '../teams/__tests__/league-test-kit.js';
import {
  expectRefused,
  getPlayers,
  loadBundledPool,
  pickOf,
  searchNames,
  sellPlayers,
} from './__tests__/player-test-kit.js';
import { explainCachedPlan } from './player-search.explain.js';
import { PlayerSearchPool } from './player-search.pool.js';
import { playerSearchStatement, SEARCH_TIERS, type SqlStatement } from './player-search.sql.js';
import { normaliseAsciiSearchText } from './player-search-text.js';

let t: TestApp;
let pool: Pool;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  pool = poolOf(t);
  admin = await t.loginAdmin();
  user = await t.registerUser('searcher');
  expect(await loadBundledPool(t)).toBe(573);
});

afterAll(async () => {
  await t?.close();
});

const search = async (query: string): Promise<Player[]> =>
  (await getPlayers(t, user.token, `/api/players/search?${query}`)).players;
const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;

/** The tier a name falls in for a query (SEARCH_TIERS), computed independently of the SQL. */
function tierOf(name: string, query: string): number {
  const searchName = normaliseAsciiSearchText(name)!;
  const normalised = normaliseAsciiSearchText(query)!;
  if (searchName === normalised) return 0;
  if (searchName.startsWith(normalised) || searchName.includes(` ${normalised}`)) return 1;
  if (searchName.includes(normalised)) return 2;
  return 3;
}

describe('search ranking', () => {
  it('finds Bijan Robinson first for "bijan"', async () => {
    expect((await searchNames(t, user.token, q('bijan')))[0]).toBe('Bijan Robinson');
  });

  it('finds players despite typos', async () => {
    expect((await searchNames(t, user.token, q('jahmyr gibs'))).slice(0, 3)).toContain('Jahmyr Gibbs');
    expect((await searchNames(t, user.token, q('cedee lam'))).slice(0, 3)).toContain('CeeDee Lamb');
    expect((await searchNames(t, user.token, q('justin jeferson')))[0]).toBe('Justin Jefferson');
    expect((await searchNames(t, user.token, q('bijn robinsn')))[0]).toBe('Bijan Robinson');
    expect((await searchNames(t, user.token, q('travis kelsey')))[0]).toBe('Travis Kelce');
    // One wrong letter in a short name: below pg_trgm's default threshold, above ours.
    expect((await searchNames(t, user.token, q('kelse')))[0]).toBe('Travis Kelce');
    expect((await searchNames(t, user.token, q('saquan')))[0]).toBe('Saquon Barkley');
    expect((await searchNames(t, user.token, q('gibs')))[0]).toBe('Jahmyr Gibbs');
    expect(await searchNames(t, user.token, q('zzqx'))).toEqual([]);
  });

  it('adds similar names only when no name or word starts with the query', async () => {
    // "mahomes" starts a word of one name: that name alone, no trigram neighbours.
    expect(await searchNames(t, user.token, q('mahomes'))).toEqual(['Patrick Mahomes']);
    // "alen" starts no word but is inside the Jalens: they come first, then the Allens it probably meant.
    const alen = await search(q('alen', '&limit=50'));
    const tiers = alen.map((player) => tierOf(player.name, 'alen'));
    expect(tiers[0]).toBe(2);
    expect(tiers.at(-1)).toBe(3);
    const allens = alen.filter((player) => tierOf(player.name, 'alen') === 3).slice(0, 3);
    expect(allens.map((player) => player.name.split(' ').at(-1))).toEqual(['Allen', 'Allen', 'Allen']);
  });

  it('finds a player by part of the name: "mahomes" finds Patrick Mahomes', async () => {
    expect((await searchNames(t, user.token, q('mahomes')))[0]).toBe('Patrick Mahomes');
    expect((await searchNames(t, user.token, q('homes')))[0]).toBe('Patrick Mahomes');
  });

  it('ignores case, accents and punctuation', async () => {
    for (const text of ['PATRICK MAHOMES', 'pátrick mahómes', 'Patrick  Mahomes!', 'PÂTRICK-MAHOMES']) {
      expect((await searchNames(t, user.token, q(text)))[0]).toBe('Patrick Mahomes');
    }
    for (const text of ["ja'marr", 'jamarr', 'Ja’Marr', 'JA`MARR']) {
      const names = await searchNames(t, user.token, q(text));
      expect({ text, first: names[0] }).toEqual({ text, first: "Ja'Marr Chase" });
    }
    expect((await searchNames(t, user.token, q('aj brown')))[0]).toBe('A.J. Brown');
    expect((await searchNames(t, user.token, q('amon-ra')))[0]).toBe('Amon-Ra St. Brown');
    expect((await searchNames(t, user.token, q('smith njigba')))[0]).toBe('Jaxon Smith-Njigba');
  });

  it('puts the exact name first, then name or word prefixes, then substrings, then similar names', async () => {
    expect((await searchNames(t, user.token, q('Josh Allen')))[0]).toBe('Josh Allen');
    for (const text of ['brown', 'allen', 'robinson', 'son', 'chase', 'jo', 'al', 'josh allen', 'lamb']) {
      const players = await search(q(text, '&limit=100'));
      expect(players.length).toBeGreaterThan(0);
      const tiers = players.map((player) => tierOf(player.name, text));
      expect({ text, tiers }).toEqual({ text, tiers: [...tiers].sort((a, b) => a - b) });
      // Inside the exact, prefix and substring tiers: by projected points, best first.
      for (let i = 1; i < players.length; i += 1) {
        if (tiers[i] !== tiers[i - 1] || tiers[i]! >= SEARCH_TIERS.length - 1) continue;
        expect(players[i]!.projectedPoints ?? -Infinity).toBeLessThanOrEqual(
          players[i - 1]!.projectedPoints ?? -Infinity,
        );
      }
    }
    // "brown": every Brown is a word-prefix match; the best projected first.
    expect((await searchNames(t, user.token, q('brown'))).slice(0, 3)).toEqual([
      'Amon-Ra St. Brown',
      'A.J. Brown',
      'Chase Brown',
    ]);
    // "son" starts no name word in these, but is inside them: after every word starting with "son".
    const son = await search(q('son', '&limit=100'));
    expect(son.findIndex((p) => p.name === 'Bijan Robinson')).toBeGreaterThan(
      son.findLastIndex((p) => tierOf(p.name, 'son') <= 1),
    );
  });

  it('matches one or two characters against the start of the name or of its words only', async () => {
    for (const text of ['j', 'jo', 'a', 'st']) {
      const players = await search(q(text, '&limit=100'));
      expect(players.length).toBeGreaterThan(0);
      for (const player of players)
        expect({ text, tier: tierOf(player.name, text) <= 1 }).toEqual({ text, tier: true });
    }
  });

  it('answers nothing (not an error) for a query with no letter or digit', async () => {
    expect(await search(q("'.'"))).toEqual([]);
    expect(await search(q('–—'))).toEqual([]);
  });

  it('treats SQL and LIKE wildcards as plain text', async () => {
    expect(await search(q("'; DROP TABLE players; --"))).toBeDefined();
    expect(await search(q('%'))).toEqual([]);
    expect((await searchNames(t, user.token, q('mahomes%')))[0]).toBe('Patrick Mahomes');
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM players');
    expect(rows[0]!.n).toBe(573);
  });
});

describe('search filters', () => {
  let team: Team;
  let bijan: Player;
  let inDraft: string;

  beforeAll(async () => {
    team = await createTeam(t, admin.token, 'Gridiron Gurus', 1);
    const draft = await createDraft(t, admin.token, 'Search League');
    inDraft = `&draftId=${draft._id}`;
    await assignTeams(t, admin.token, draft._id, [team._id]);
    bijan = (await search(q('bijan robinson')))[0]!;
    await sellPlayers(t, draft._id, [pickOf(bijan, 1, team._id, 61)]);
  });

  it('filters by position', async () => {
    const running = await search(q('robinson', '&position=RB'));
    expect(running.map((p) => p.name)).toEqual(['Bijan Robinson', 'Brian Robinson']);
    const receivers = await search(q('robinson', '&position=WR'));
    expect(receivers.length).toBeGreaterThan(0);
    expect(receivers.every((p) => p.position === 'WR')).toBe(true);
    expect(await search(q('mahomes', '&position=K'))).toEqual([]);
  });

  it('shows a drafted player with its draft state, and leaves it out with available=true', async () => {
    const all = await search(q('bijan', inDraft));
    expect(all[0]).toMatchObject({
      name: 'Bijan Robinson',
      isDrafted: true,
      cost: 61,
      draftedByTeamId: team._id,
    });
    expect((await search(q('bijan', `&available=false${inDraft}`)))[0]!.name).toBe('Bijan Robinson');
    const available = await search(q('bijan', `&available=true${inDraft}`));
    expect(available.some((p) => p._id === bijan._id)).toBe(false);
    const availableRbs = await search(q('robinson', `&available=true&position=RB${inDraft}`));
    expect(availableRbs.map((p) => p.name)).toEqual(['Brian Robinson']);
    // The searcher owns no team: without a draftId it sees no draft, where nobody is drafted.
    expect((await search(q('bijan', '&available=true')))[0]).toMatchObject({
      _id: bijan._id,
      isDrafted: false,
    });
  });
});

describe('search limits', () => {
  it('answers 20 players by default, and up to the limit asked (1 to 100)', async () => {
    expect(await search(q('a'))).toHaveLength(20);
    expect(await search(q('a', '&limit=50'))).toHaveLength(50);
    expect(await search(q('a', '&limit=1'))).toHaveLength(1);
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM players WHERE search_name LIKE 'a%' OR search_name LIKE '% a%'`,
    );
    expect(await search(q('a', '&limit=100'))).toHaveLength(Math.min(100, rows[0]!.n));
  });

  it.each(['0', '-1', '101', '1000000', 'abc', '1.5', '', '1e2x'])(
    'refuses limit=%p with a 400',
    async (limit) => {
      await expectRefused(
        t,
        () =>
          t.request('GET', `/api/players/search?q=allen&limit=${encodeURIComponent(limit)}`, {
            token: user.token,
          }),
        400,
        'limit must be a whole number between 1 and 100',
      );
    },
  );
});

describe('search bad input', () => {
  it.each([
    ['no q', '/api/players/search'],
    ['an empty q', '/api/players/search?q='],
    ['a blank q', '/api/players/search?q=%20%20%09'],
  ])('answers 400 "Search query is required" for %s', async (_name, path) => {
    await expectRefused(
      t,
      () => t.request('GET', path, { token: user.token }),
      400,
      'Search query is required',
    );
  });

  it('refuses q sent twice with a 400 naming it, not "Search query is required"', async () => {
    for (const query of ['q=a&q=b', 'q=allen&q=allen', 'q=a&limit=5&limit=6']) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players/search?${query}`, { token: user.token }),
        400,
        `${query.includes('limit') ? 'limit' : 'q'} must be sent only once`,
      );
    }
  });

  it('refuses a query over 100 characters, an unknown position and a bad available flag', async () => {
    await expectRefused(
      t,
      () => t.request('GET', `/api/players/search?${q('a'.repeat(101))}`, { token: user.token }),
      400,
      'Search query must not exceed 100 characters',
    );
    for (const position of ['XX', 'qb', 'DST', '']) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players/search?q=allen&position=${position}`, { token: user.token }),
        400,
        'Position must be one of QB, RB, WR, TE, K, DEF',
      );
    }
    await expectRefused(
      t,
      () => t.request('GET', '/api/players/search?q=allen&available=yes', { token: user.token }),
      400,
      'available must be true or false',
    );
  });

  it('needs a logged-in user', async () => {
    await expectRefused(
      t,
      () => t.request('GET', '/api/players/search?q=allen'),
      401,
      'Authentication required',
    );
  });
});

describe('search SQL', () => {
  // The plans read a draft's availability as the draft room does (a draft without picks: the join finds none).
  const PLAN_DRAFT = '6f0c2f7e-1d2b-4c5a-9e8f-7a6b5c4d3e2f';

  it('normalises ASCII exactly as player_search_name does (the query skips a round trip)', async () => {
    const { rows: names } = await pool.query<{ name: string; search_name: string }>(
      'SELECT name, search_name FROM players',
    );
    for (const { name, search_name } of names) expect(normaliseAsciiSearchText(name)).toBe(search_name);
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).filter(
      (c) => c !== '\0',
    );
    const samples = [
      ...ascii.map((c) => `a${c}b${c}${c}C ${c}`),
      ascii.join(''),
      " O'Neil-Smith Jr. ",
      'A.J.',
    ];
    const { rows } = await pool.query<{ text: string; normalised: string }>(
      'SELECT text, player_search_name(text) AS normalised FROM unnest($1::text[]) AS text',
      [samples],
    );
    for (const { text, normalised } of rows) {
      expect({ text, normalised: normaliseAsciiSearchText(text) }).toEqual({ text, normalised });
    }
  });

  /** The plan PostgreSQL would use if reading the whole table were not an option (as on a large pool). */
  async function planWithoutSeqScan(statement: SqlStatement): Promise<string> {
    const client: PoolClient = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${statement.text}`,
        statement.values,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it("uses the trigram index in the plan the search's sessions cache, where default settings read the table", async () => {
    // The steady state autovacuum reaches after a sync: statistics, and the index's pending entries merged.
    await pool.query('VACUUM ANALYZE players');
    const searchPool = t.app.get(PlayerSearchPool).pool;
    for (const [text, mode] of [
      ['jahmyr gibs', 'fuzzy'],
      ['jo', 'prefix'],
    ] as const) {
      const statement = playerSearchStatement(text, mode, { availableOnly: false }, 20, PLAN_DRAFT);
      const client = await searchPool.connect();
      try {
        const plan = (await explainCachedPlan(client, statement)).join('\n');
        expect(plan).toContain('Bitmap Index Scan on players_search_name_trgm_idx');
        expect(plan).not.toContain('Seq Scan');
      } finally {
        client.release();
      }
    }
    const client = await pool.connect();
    try {
      const plan = await explainCachedPlan(
        client,
        playerSearchStatement('jahmyr gibs', 'fuzzy', { availableOnly: false }, 20, PLAN_DRAFT),
      );
      expect(plan.join('\n')).toContain('Seq Scan on players');
    } finally {
      client.release();
    }
  });

  it('never needs to read the whole table: every match condition is one the trigram index answers', async () => {
    for (const [text, mode] of [
      ['jahmyr gibs', 'fuzzy'],
      ['bij', 'fuzzy'],
      ['jo', 'prefix'],
    ] as const) {
      const plan = await planWithoutSeqScan(
        playerSearchStatement(text, mode, { availableOnly: false }, 20, PLAN_DRAFT),
      );
      expect(plan).toContain('Bitmap Index Scan on players_search_name_trgm_idx');
      expect(plan).not.toContain('Seq Scan');
      // With filters, their own indexes are other ways in; whichever PostgreSQL picks, it never reads everything.
      for (const filters of [{ availableOnly: true }, { position: 'RB' as const, availableOnly: true }]) {
        const filtered = await planWithoutSeqScan(playerSearchStatement(text, mode, filters, 20, PLAN_DRAFT));
        expect(filtered).toMatch(/Index Scan (using|on) players_(search_name_trgm|position_adp)_idx/);
        expect(filtered).not.toContain('Seq Scan');
      }
    }
  });
});
