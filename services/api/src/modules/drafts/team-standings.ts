import type { SqlClient } from '@auction/event-store';
import { DEFAULT_TEAM_BUDGET } from '../teams/team.defaults.js';

/**
 * Recomputes, from drafts, draft_teams and picks, what each given team shows: its current draft (the open one
 * if any, else the latest created), that draft's budget per team, and what it spent there. One set-based
 * statement, used by every draft event that can change a team's standing, so there is one rule and no
 * incremental arithmetic to drift.
 */
export async function recomputeTeamStandings(
  tx: SqlClient,
  teamIds: readonly string[],
  at: Date,
): Promise<void> {
  if (teamIds.length === 0) return;
  await tx.query(
    `WITH target AS (SELECT DISTINCT unnest($1::uuid[]) AS team_id),
     latest AS (
       SELECT DISTINCT ON (dt.team_id) dt.team_id, d.id AS draft_id, d.budget_per_team
       FROM draft_teams dt
       JOIN drafts d ON d.id = dt.draft_id AND d.deleted_at IS NULL
       WHERE dt.team_id IN (SELECT team_id FROM target)
       ORDER BY dt.team_id, (d.status <> 'completed') DESC, d.created_at DESC, d.id DESC
     ),
     spent AS (
       SELECT p.team_id, p.draft_id, sum(p.cost)::int AS spent, count(*)::int AS players
       FROM picks p
       WHERE p.team_id IN (SELECT team_id FROM target)
       GROUP BY p.team_id, p.draft_id
     ),
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
