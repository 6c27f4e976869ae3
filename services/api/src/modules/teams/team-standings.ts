import type { DraftEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import { DEFAULT_TEAM_BUDGET } from './team.defaults.js';

/** The standing tables, the team projection's own record of what it needs from the draft streams. */
export const TEAM_STANDING_TABLES = ['team_standing_drafts', 'team_standing_members', 'team_standing_picks'];

/**
 * For every team of a `target (team_id)` CTE: `latest`, its current draft (the open one if any, else the one completed
 * last, then the latest created; never a deleted one) with that draft's budget per team, and `spent`, what it spent
 * and bought in each draft. Read from the standing tables only: the team projection never reads another read model.
 * Completed last, not created last: a mock draft created after the league's real one and played before it must not
 * become the team's draft again when the real one completes (docs/product.md §3.2).
 */
const TEAM_DRAFT_AND_SPEND = `latest AS (
       SELECT DISTINCT ON (m.team_id) m.team_id, d.draft_id, d.budget_per_team
       FROM team_standing_members m
       JOIN team_standing_drafts d ON d.draft_id = m.draft_id AND NOT d.deleted
       WHERE m.team_id IN (SELECT team_id FROM target)
       ORDER BY m.team_id, (NOT d.completed) DESC, d.completed_at DESC NULLS LAST, d.created_at DESC, d.draft_id DESC
     ),
     spent AS (
       SELECT p.team_id, p.draft_id, sum(p.cost)::int AS spent, count(*)::int AS players
       FROM team_standing_picks p
       WHERE p.team_id IN (SELECT team_id FROM target)
       GROUP BY p.team_id, p.draft_id
     )`;

/**
 * Recomputes what each given team shows: its current draft, that draft's budget per team, and what it spent
 * there. One set-based statement for every draft event that can change a standing, so there is one rule and no
 * incremental arithmetic to drift; a row changes (and takes `at` as updated_at) only when a value does.
 */
export async function recomputeTeamStandings(
  tx: SqlClient,
  teamIds: readonly string[],
  at: Date,
): Promise<void> {
  if (teamIds.length === 0) return;
  await tx.query(
    `WITH target AS (SELECT DISTINCT unnest($1::uuid[]) AS team_id),
     ${TEAM_DRAFT_AND_SPEND},
     standing AS (
       SELECT tg.team_id, l.draft_id, coalesce(l.budget_per_team, $2::int) AS budget_total,
              coalesce(s.spent, 0) AS spent, coalesce(s.players, 0) AS players
       FROM target tg
       LEFT JOIN latest l ON l.team_id = tg.team_id
       LEFT JOIN spent s ON s.team_id = tg.team_id AND s.draft_id = l.draft_id
     )
     UPDATE teams t
     SET current_draft_id = st.draft_id, budget_total = st.budget_total, budget_spent = st.spent,
         player_count = st.players, updated_at = $3
     FROM standing st
     WHERE t.id = st.team_id
       AND (t.current_draft_id IS DISTINCT FROM st.draft_id OR t.budget_total <> st.budget_total
            OR t.budget_spent <> st.spent OR t.player_count <> st.players)`,
    [teamIds, DEFAULT_TEAM_BUDGET, at],
  );
}

/** A new pick (sale or keeper) as the batched path collects them. */
export interface NewStandingPick {
  pickId: string;
  teamId: string;
  draftId: string;
  cost: number;
  at: Date;
}

/**
 * A run of consecutive new picks (no other standing-changing event among them), recorded and recomputed in two
 * statements. It writes exactly what one recompute per pick would have: a new pick in the team's current draft
 * always raises its player count, so the last such pick is the last change and gives `updated_at`; picks in any
 * other draft change nothing.
 */
export async function addPicksAndRecompute(tx: SqlClient, picks: readonly NewStandingPick[]): Promise<void> {
  if (picks.length === 0) return;
  await tx.query(
    `INSERT INTO team_standing_picks (pick_id, draft_id, team_id, cost)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[])`,
    [
      picks.map((p) => p.pickId),
      picks.map((p) => p.draftId),
      picks.map((p) => p.teamId),
      picks.map((p) => p.cost),
    ],
  );
  await tx.query(
    `WITH sale AS (
       SELECT team_id, draft_id, max(at) AS at
       FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS s(team_id, draft_id, at)
       GROUP BY team_id, draft_id
     ),
     target AS (SELECT DISTINCT team_id FROM sale),
     ${TEAM_DRAFT_AND_SPEND},
     standing AS (
       SELECT tg.team_id, l.draft_id, coalesce(l.budget_per_team, $4::int) AS budget_total,
              coalesce(s.spent, 0) AS spent, coalesce(s.players, 0) AS players, sa.at
       FROM target tg
       LEFT JOIN latest l ON l.team_id = tg.team_id
       LEFT JOIN spent s ON s.team_id = tg.team_id AND s.draft_id = l.draft_id
       JOIN sale sa ON sa.team_id = tg.team_id AND sa.draft_id = l.draft_id
     )
     UPDATE teams t
     SET current_draft_id = st.draft_id, budget_total = st.budget_total, budget_spent = st.spent,
         player_count = st.players, updated_at = st.at
     FROM standing st
     WHERE t.id = st.team_id
       AND (t.current_draft_id IS DISTINCT FROM st.draft_id OR t.budget_total <> st.budget_total
            OR t.budget_spent <> st.spent OR t.player_count <> st.players)`,
    [picks.map((p) => p.teamId), picks.map((p) => p.draftId), picks.map((p) => p.at), DEFAULT_TEAM_BUDGET],
  );
}

async function membersOf(tx: SqlClient, draftId: string): Promise<string[]> {
  const { rows } = await tx.query<{ team_id: string }>(
    `SELECT team_id FROM team_standing_members WHERE draft_id = $1`,
    [draftId],
  );
  return rows.map((row) => row.team_id);
}

/** Teams that were in the draft or are now: both sides' standings can change. */
export function teamsTouchedByAssignment(previous: readonly string[], next: readonly string[]): string[] {
  return [...new Set([...previous, ...next])];
}

/** The draft events, other than new picks, that can change a team's standing. */
export const STANDING_EVENTS = new Set<string>([
  'DraftCreated',
  'DraftUpdated',
  'DraftTeamsAssigned',
  'PlayerSold',
  'KeeperAdded',
  'PickUpdated',
  'PickUndone',
  'KeeperRemoved',
  'DraftCompleted',
  'DraftReopened',
  'DraftDeleted',
]);

/**
 * One draft event (not a new pick) on the standing tables, then the recompute of the teams it can touch. Returns
 * nothing: the teams rows are written by recomputeTeamStandings alone.
 */
export async function applyStandingEvent(
  tx: SqlClient,
  draftId: string,
  event: DraftEvent,
  at: Date,
): Promise<void> {
  switch (event.type) {
    case 'DraftCreated':
      // No team is in a new draft yet: nothing to recompute.
      await tx.query(
        `INSERT INTO team_standing_drafts (draft_id, budget_per_team, created_at, completed, deleted)
         VALUES ($1, $2, $3, false, false)`,
        [draftId, event.data.settings.budgetPerTeam, event.data.createdAt],
      );
      return;
    case 'DraftUpdated':
      if (!event.data.settings) return;
      await tx.query(`UPDATE team_standing_drafts SET budget_per_team = $2 WHERE draft_id = $1`, [
        draftId,
        event.data.settings.budgetPerTeam,
      ]);
      return recomputeTeamStandings(tx, await membersOf(tx, draftId), at);
    case 'DraftTeamsAssigned': {
      const previous = await membersOf(tx, draftId);
      const next = event.data.teamIds;
      await tx.query(
        `DELETE FROM team_standing_members WHERE draft_id = $1 AND NOT (team_id = ANY($2::uuid[]))`,
        [draftId, next],
      );
      await tx.query(
        `INSERT INTO team_standing_members (draft_id, team_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
        [draftId, next],
      );
      return recomputeTeamStandings(tx, teamsTouchedByAssignment(previous, next), at);
    }
    case 'PickUpdated': {
      const { pick, previous } = event.data;
      await tx.query(`UPDATE team_standing_picks SET team_id = $2, cost = $3 WHERE pick_id = $1`, [
        previous.pickId,
        pick.teamId,
        pick.cost,
      ]);
      return recomputeTeamStandings(tx, teamsTouchedByAssignment([previous.teamId], [pick.teamId]), at);
    }
    case 'PickUndone':
    case 'KeeperRemoved':
      await tx.query(`DELETE FROM team_standing_picks WHERE pick_id = $1`, [event.data.pick.pickId]);
      return recomputeTeamStandings(tx, [event.data.pick.teamId], at);
    case 'DraftCompleted':
    case 'DraftReopened':
      await tx.query(
        `UPDATE team_standing_drafts SET completed = $2, completed_at = $3 WHERE draft_id = $1`,
        [
          draftId,
          event.type === 'DraftCompleted',
          event.type === 'DraftCompleted' ? event.data.completedAt : null,
        ],
      );
      return recomputeTeamStandings(tx, await membersOf(tx, draftId), at);
    case 'DraftDeleted': {
      await tx.query(`UPDATE team_standing_drafts SET deleted = true WHERE draft_id = $1`, [draftId]);
      await tx.query(`DELETE FROM team_standing_picks WHERE draft_id = $1`, [draftId]);
      const buyers = event.data.releasedPicks.map((pick) => pick.teamId);
      return recomputeTeamStandings(tx, teamsTouchedByAssignment(await membersOf(tx, draftId), buyers), at);
    }
    default:
      return;
  }
}
