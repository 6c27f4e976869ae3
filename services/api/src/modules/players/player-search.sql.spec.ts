import { describe, expect, it } from '@jest/globals';
import {
  playerListStatements,
  playerSearchStatement,
  playersIn,
  SEARCH_TIERS,
  teamPlayersStatements,
  tierCase,
} from './player-search.sql.js';

/** Every $n in the text, in order of first appearance. */
const placeholders = (text: string) => [...new Set(text.match(/\$\d+/g) ?? [])];

const DRAFT = '3f6c1e2a-9b1d-4c1e-8f00-0a1b2c3d4e5f';
const joined = (n: number) =>
  `players p LEFT JOIN picks k ON k.draft_id = $${n}::uuid AND k.player_id = p.provider_id`;

describe('tierCase', () => {
  it('answers the index of the first condition that holds, and the count when none does', () => {
    expect(tierCase(['a', 'b', 'c'])).toBe('CASE WHEN a THEN 0 WHEN b THEN 1 WHEN c THEN 2 ELSE 3 END');
  });

  it('has a tier for each search ranking step, trigram matches last', () => {
    expect(SEARCH_TIERS).toHaveLength(4);
    expect(SEARCH_TIERS.at(-1)).toMatch(/trigram/);
  });
});

describe('playersIn', () => {
  it("joins each catalogue player to the scope draft's pick of him, and only that draft's", () => {
    expect(playersIn('$7')).toBe(joined(7));
    expect(playersIn('NULL', 'updated')).toBe(
      'updated p LEFT JOIN picks k ON k.draft_id = NULL::uuid AND k.player_id = p.provider_id',
    );
  });
});

describe('playerSearchStatement', () => {
  it('ranks exact, prefix and substring matches before trigram matches, then by projected points', () => {
    const { text, values } = playerSearchStatement('bijan', 'fuzzy', { availableOnly: false }, 20, DRAFT);
    expect(values).toEqual(['bijan', DRAFT, 'bijan%', '% bijan%', '%bijan%', 20]);
    expect(text).toContain(
      'CASE WHEN p.search_name = $1 THEN 0 WHEN (p.search_name LIKE $3 OR p.search_name LIKE $4) THEN 1 ' +
        `ELSE 2 END AS tier\n      FROM ${joined(2)} WHERE p.search_name LIKE $5`,
    );
    expect(text).toContain(`3 AS tier FROM ${joined(2)}`);
    expect(text).toContain('AND $1 <% p.search_name AND p.search_name NOT LIKE $5');
    expect(text).toMatch(
      /ORDER BY m\.tier, CASE WHEN m\.tier = 3 THEN strict_word_similarity\(\$1, m\.search_name\) END DESC NULLS LAST, CASE WHEN m\.tier = 3 THEN word_similarity\(\$1, m\.search_name\) END DESC NULLS LAST,\s+m\.projected_points DESC NULLS LAST, m\.name, m\.id\s+LIMIT \$6$/,
    );
  });

  it('reads the draft fields from the scope draft, and nobody is drafted without one', () => {
    const { text, values } = playerSearchStatement('bijan', 'fuzzy', { availableOnly: false }, 20, null);
    expect(values[1]).toBeNull();
    expect(text).toContain(
      'k.cost,\n  (k.id IS NOT NULL) AS is_drafted, k.team_id AS drafted_by_team_id, k.draft_id',
    );
    expect(text).not.toMatch(/p\.(is_drafted|cost|drafted_by_team_id|draft_id)\b/);
  });

  it('looks for trigram matches only when no name or word starts with the query and the page is not full', () => {
    const { text } = playerSearchStatement('alen', 'fuzzy', { availableOnly: false }, 20, DRAFT);
    expect(text).toContain(
      'WHERE (SELECT count(*) FILTER (WHERE tier <= 1) = 0 AND count(*) < $6 FROM strong)',
    );
  });

  it('matches only name and word prefixes for one or two characters (no trigram to compare)', () => {
    const { text, values } = playerSearchStatement('bi', 'prefix', { availableOnly: false }, 50, DRAFT);
    expect(values).toEqual(['bi', DRAFT, 'bi%', '% bi%', 50]);
    expect(text).not.toMatch(/<%|similarity/);
    expect(text).toContain('WHERE (p.search_name LIKE $3 OR p.search_name LIKE $4)');
  });

  it('puts the position and availability filters before the name match, in both kinds of match', () => {
    const { name, text, values } = playerSearchStatement(
      'allen',
      'fuzzy',
      { position: 'QB', availableOnly: true },
      10,
      DRAFT,
    );
    expect(values).toEqual(['allen', DRAFT, 'allen%', '% allen%', '%allen%', 'QB', 10]);
    expect(text).toContain('WHERE p.position = $6 AND k.id IS NULL AND p.search_name LIKE $5');
    expect(text).toContain('AND p.position = $6 AND k.id IS NULL AND $1 <% p.search_name');
    expect(placeholders(text)).toHaveLength(values.length);
    expect(name).toBe('players.search.fuzzy.pa');
    const prefix = playerSearchStatement('al', 'prefix', { position: 'QB', availableOnly: false }, 10, DRAFT);
    expect(prefix.text).toContain(
      'WHERE p.position = $5 AND (p.search_name LIKE $3 OR p.search_name LIKE $4)',
    );
    expect(prefix.values).toEqual(['al', DRAFT, 'al%', '% al%', 'QB', 10]);
  });

  it('names one prepared statement per shape, so the same name always carries the same text', () => {
    const names = new Set<string>();
    const texts = new Map<string, string>();
    for (const mode of ['prefix', 'fuzzy'] as const) {
      for (const position of [undefined, 'RB', 'WR'] as const) {
        for (const availableOnly of [false, true]) {
          for (const query of ['ab', 'bijan', 'x y']) {
            for (const draftId of [DRAFT, null]) {
              const statement = playerSearchStatement(query, mode, { position, availableOnly }, 20, draftId);
              names.add(statement.name);
              expect(texts.get(statement.name) ?? statement.text).toBe(statement.text);
              texts.set(statement.name, statement.text);
            }
          }
        }
      }
    }
    expect(names.size).toBe(8);
  });
});

describe('listing statements', () => {
  it('lists by ADP (none last), then projected points, with the total and a separate count', () => {
    const { page, count } = playerListStatements({ availableOnly: false }, { limit: 20, offset: 40 }, DRAFT);
    expect(page.text).toContain(`count(*) OVER ()::int AS total FROM ${joined(1)}`);
    expect(page.text).toMatch(
      /ORDER BY p\.adp ASC NULLS LAST, p\.projected_points DESC NULLS LAST, p\.name, p\.id\s+LIMIT \$2 OFFSET \$3/,
    );
    expect(page.values).toEqual([DRAFT, 20, 40]);
    expect(count).toEqual({
      name: 'players.list.count.all',
      text: `SELECT count(*)::int AS total FROM ${joined(1)}`,
      values: [DRAFT],
    });
  });

  it('filters a listing by position and availability in the scope draft', () => {
    const { page, count } = playerListStatements(
      { position: 'TE', availableOnly: true },
      { limit: 5, offset: 0 },
      DRAFT,
    );
    expect(page.text).toContain(`${joined(1)} WHERE p.position = $2 AND k.id IS NULL`);
    expect(page.values).toEqual([DRAFT, 'TE', 5, 0]);
    expect(count.values).toEqual([DRAFT, 'TE']);
  });

  it("lists a team's players in the scope draft by cost", () => {
    const { page } = teamPlayersStatements(
      'team-id',
      { position: 'RB', availableOnly: false },
      { limit: 100, offset: 0 },
      DRAFT,
    );
    expect(page.text).toContain(`${joined(1)} WHERE k.team_id = $2::uuid AND p.position = $3`);
    expect(page.text).toContain('ORDER BY k.cost DESC NULLS LAST, p.name, p.id');
    expect(page.values).toEqual([DRAFT, 'team-id', 'RB', 100, 0]);
    expect(page.name).toBe('players.team.p');
  });
});
