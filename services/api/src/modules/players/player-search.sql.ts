import type { PlayerPosition } from '@auction/contracts';
import type { SearchMode } from './player-search-text.js';

/** A parameterised statement. `name` makes node-postgres prepare it once per connection (parse and plan once). */
export interface SqlStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** The filters every player listing accepts. */
export interface PlayerFilters {
  position?: PlayerPosition;
  /** `available=true`: drafted players are left out. */
  availableOnly: boolean;
}

/**
 * Whose availability a read shows (docs/adr/0015-availability-per-draft.md): a draft id, or null for the catalogue
 * alone (nobody is drafted). A player is drafted in a draft while it holds a pick of him (`picks`, unique per
 * draft and player), so the draft fields come from that pick and no other draft's.
 */
export type DraftScope = string | null;

/** The columns toPlayerJson reads, from playersIn (`players p` and the scope draft's pick `k`). */
export const PLAYER_COLUMNS = `p.id, p.provider, p.provider_id, p.name, p.search_name, p.position, p.team,
  p.jersey_number, p.age, p.status, p.injury_status, p.projected_points, p.adp, p.auction_value, k.cost,
  (k.id IS NOT NULL) AS is_drafted, k.team_id AS drafted_by_team_id, k.draft_id, p.updated_at`;

/**
 * The catalogue (`players`, or rows shaped like it) with each player's pick in the scope draft, if any (a null
 * draft matches no pick).
 */
export function playersIn(draftPlaceholder: string, catalogue = 'players'): string {
  return `${catalogue} p LEFT JOIN picks k ON k.draft_id = ${draftPlaceholder}::uuid AND k.player_id = p.provider_id`;
}

/** Collects values and answers their placeholders, so clauses can be composed in any order. */
class Placeholders {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function filterClauses(filters: PlayerFilters, params: Placeholders): string[] {
  const clauses: string[] = [];
  if (filters.position) clauses.push(`p.position = ${params.add(filters.position)}`);
  if (filters.availableOnly) clauses.push('k.id IS NULL');
  return clauses;
}

/** A short, stable suffix naming which filters a statement has (one prepared statement per shape). */
function filterKey(filters: PlayerFilters): string {
  return `${filters.position ? 'p' : ''}${filters.availableOnly ? 'a' : ''}` || 'all';
}

/** `CASE WHEN c0 THEN 0 WHEN c1 THEN 1 … ELSE n END`: the index of the first condition that holds. */
export function tierCase(conditions: readonly string[]): string {
  const whens = conditions.map((condition, tier) => `WHEN ${condition} THEN ${tier}`).join(' ');
  return `CASE ${whens} ELSE ${conditions.length} END`;
}

/** Search ranking, best first; players in one tier are ordered by projected points (trigram ones by similarity). */
export const SEARCH_TIERS = ['exact name', 'name or word prefix', 'substring', 'similar (trigrams)'] as const;

/**
 * The search over `players.search_name` for an already normalised query (see player-search-text.ts).
 *
 * Ranking (SEARCH_TIERS): the exact name, then names with a word starting with the query, then names containing
 * it, then names pg_trgm finds similar; inside a tier by projected points (trigram matches first by similarity),
 * then name and id, so equal players always come in the same order.
 *
 *  - `prefix` mode (one or two characters, no trigram to compare): exact and prefix matches only.
 *  - `fuzzy` mode: the `strong` matches (exact, prefix, substring) come from one LIKE; trigram matches
 *    (`q <% search_name`: word similarity ≥ WORD_SIMILARITY_THRESHOLD, a typo inside a word or a misspelt name,
 *    "jahmyr gibs") are looked for only when no name or word starts with the query and the strong matches do
 *    not fill the page. A query that starts a name is being typed correctly; trigram neighbours would be noise
 *    below it, and skipping them makes the common case cheap. "alen" still gets the Allens after the Jalens.
 *
 * Every condition that selects rows (LIKE, `<%`) is one the trigram GIN index on search_name can answer, so
 * PostgreSQL can read index entries instead of comparing every name (on the search's sessions it does, even for
 * a few hundred players: see PlayerSearchPool). WORD_SIMILARITY_THRESHOLD is a session setting of that pool.
 */
export function playerSearchStatement(
  query: string,
  mode: Exclude<SearchMode, 'none'>,
  filters: PlayerFilters,
  limit: number,
  draftId: DraftScope,
): SqlStatement {
  const params = new Placeholders();
  const q = params.add(query);
  const source = playersIn(params.add(draftId));
  const exact = `p.search_name = ${q}`;
  const prefix = `(p.search_name LIKE ${params.add(`${query}%`)} OR p.search_name LIKE ${params.add(`% ${query}%`)})`;
  const name = `players.search.${mode}.${filterKey(filters)}`;
  if (mode === 'prefix') {
    // Cheap equality filters first: PostgreSQL evaluates equally costed conditions in the order written.
    const where = [...filterClauses(filters, params), prefix].join(' AND ');
    const text = `SELECT ${PLAYER_COLUMNS}, ${tierCase([exact])} AS tier FROM ${source} WHERE ${where}
      ORDER BY tier, p.projected_points DESC NULLS LAST, p.name, p.id
      LIMIT ${params.add(limit)}`;
    return { name, text, values: params.values };
  }
  const contains = params.add(`%${query}%`);
  const filtersSql = filterClauses(filters, params)
    .map((clause) => `${clause} AND `)
    .join('');
  const max = params.add(limit);
  const similar = (fn: string) => `CASE WHEN m.tier = 3 THEN ${fn}(${q}, m.search_name) END DESC NULLS LAST`;
  const text = `WITH strong AS (
      SELECT ${PLAYER_COLUMNS}, ${tierCase([exact, prefix])} AS tier
      FROM ${source} WHERE ${filtersSql}p.search_name LIKE ${contains}
    )
    SELECT m.* FROM (
      SELECT * FROM strong
      UNION ALL
      SELECT ${PLAYER_COLUMNS}, 3 AS tier FROM ${source}
      WHERE (SELECT count(*) FILTER (WHERE tier <= 1) = 0 AND count(*) < ${max} FROM strong)
        AND ${filtersSql}${q} <% p.search_name AND p.search_name NOT LIKE ${contains}
    ) m
    ORDER BY m.tier, ${similar('strict_word_similarity')}, ${similar('word_similarity')},
      m.projected_points DESC NULLS LAST, m.name, m.id
    LIMIT ${max}`;
  return { name, text, values: params.values };
}

/** Normalises a query with the very function that builds search_name (for text that is not plain ASCII). */
export const NORMALISE_QUERY_SQL = 'SELECT player_search_name($1) AS q';

/**
 * Listing without a query (the draft room with an empty search box, position pages): best ADP first (players
 * without one last), then projected points. `total` counts every matching player, not just this page.
 */
export function playerListStatements(
  filters: PlayerFilters,
  page: PageRequest,
  draftId: DraftScope,
): PagedStatements {
  return pagedStatements(
    'players.list',
    draftId,
    filters,
    [],
    'p.adp ASC NULLS LAST, p.projected_points DESC NULLS LAST',
    page,
  );
}

/** The players a fantasy team bought in `draftId`, most expensive first. */
export function teamPlayersStatements(
  teamId: string,
  filters: PlayerFilters,
  page: PageRequest,
  draftId: DraftScope,
): PagedStatements {
  return pagedStatements(
    'players.team',
    draftId,
    filters,
    [(params) => `k.team_id = ${params.add(teamId)}::uuid`],
    'k.cost DESC NULLS LAST',
    page,
  );
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * One page (with `count(*) OVER ()` as `total`) and, for a page past the end (no row to carry the total), the
 * count on its own.
 */
export interface PagedStatements {
  page: SqlStatement;
  count: SqlStatement;
}

function pagedStatements(
  name: string,
  draftId: DraftScope,
  filters: PlayerFilters,
  scope: ReadonlyArray<(params: Placeholders) => string>,
  order: string,
  { limit, offset }: PageRequest,
): PagedStatements {
  const build = (params: Placeholders) => {
    const source = playersIn(params.add(draftId));
    const clauses = [...scope.map((clause) => clause(params)), ...filterClauses(filters, params)];
    return `${source}${clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : ''}`;
  };
  const pageParams = new Placeholders();
  const pageFrom = build(pageParams);
  const page = {
    name: `${name}.${filterKey(filters)}`,
    text: `SELECT ${PLAYER_COLUMNS}, count(*) OVER ()::int AS total FROM ${pageFrom}
      ORDER BY ${order}, p.name, p.id
      LIMIT ${pageParams.add(limit)} OFFSET ${pageParams.add(offset)}`,
    values: pageParams.values,
  };
  const countParams = new Placeholders();
  const countFrom = build(countParams);
  const count = {
    name: `${name}.count.${filterKey(filters)}`,
    text: `SELECT count(*)::int AS total FROM ${countFrom}`,
    values: countParams.values,
  };
  return { page, count };
}
