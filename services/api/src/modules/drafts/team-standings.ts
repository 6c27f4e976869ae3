import type { SqlClient } from '@auction/event-store';
import { DEFAULT_TEAM_BUDGET } from '../teams/index.js';

/**
 * For every team of a `target (team_id)` CTE: `latest`, its current draft (the open one if any, else the latest
 * created) with that draft's budget per team, and `spent`, what it spent and bought in each draft.
 */
const TEAM_DRAFT_AND_SPEND = `latest AS (
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
     )`;

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

/** A sale's effect on its buyer, as the batched rebuild path collects them. */
export interface TeamSale {
  teamId: string;
  draftId: string;
  at: Date;
}

/**
 * recomputeTeamStandings for a run of consecutive sales (no other standing-changing event among them), in one
 * statement. It writes exactly what one recompute per sale would have: a sale in the team's current draft always
 * raises its player count, so the last such sale is the last change and gives `updated_at`; sales in any other
 * draft change nothing.
 */
export async function recomputeTeamStandingsAfterSales(
  tx: SqlClient,
  sales: readonly TeamSale[],
): Promise<void> {
  if (sales.length === 0) return;
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
    [sales.map((s) => s.teamId), sales.map((s) => s.draftId), sales.map((s) => s.at), DEFAULT_TEAM_BUDGET],
  );
}
