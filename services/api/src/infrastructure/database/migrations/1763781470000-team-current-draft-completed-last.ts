import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The order among a team's drafts that picks its current one, before (down) and after (up) this migration. */
const CREATED_LAST = `(NOT d.completed) DESC, d.created_at DESC, d.draft_id DESC`;
const COMPLETED_LAST = `(NOT d.completed) DESC, d.completed_at DESC NULLS LAST, d.created_at DESC, d.draft_id DESC`;

/**
 * A team whose drafts are all completed showed the one created last, not the one it played last: a mock draft created
 * after the league's real draft and played before it became the team's draft again when the real one completed (its
 * budget, roster and its owner's player reads without a draftId, docs/product.md §3.2). The team projection now
 * keeps when each draft completed (`team_standing_drafts.completed_at`, backfilled from `drafts.completed_at`) and
 * ranks completed drafts by it. Every team's standing is then recomputed by the order of that direction, written here
 * as it is so that both directions stay what they were whatever the projection's rule becomes. A team it changes takes
 * the migration's time as `updated_at` (a later rebuild gives the time of the event after which it stood so).
 */
export class TeamCurrentDraftCompletedLast1763781470000 implements MigrationInterface {
  name = 'TeamCurrentDraftCompletedLast1763781470000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE team_standing_drafts ADD COLUMN completed_at timestamptz NULL`);
    await queryRunner.query(`
      UPDATE team_standing_drafts s SET completed_at = d.completed_at
      FROM drafts d WHERE d.id = s.draft_id AND s.completed`);
    await recomputeEveryTeam(queryRunner, COMPLETED_LAST);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE team_standing_drafts DROP COLUMN completed_at`);
    await recomputeEveryTeam(queryRunner, CREATED_LAST);
  }
}

/** recomputeTeamStandings (modules/teams/team-standings.ts) for every team, its current draft ranked by `order`. */
async function recomputeEveryTeam(queryRunner: QueryRunner, order: string): Promise<void> {
  await queryRunner.query(
    `WITH latest AS (
       SELECT DISTINCT ON (m.team_id) m.team_id, d.draft_id, d.budget_per_team
       FROM team_standing_members m
       JOIN team_standing_drafts d ON d.draft_id = m.draft_id AND NOT d.deleted
       ORDER BY m.team_id, ${order}
     ),
     spent AS (
       SELECT team_id, draft_id, sum(cost)::int AS spent, count(*)::int AS players
       FROM team_standing_picks GROUP BY team_id, draft_id
     ),
     standing AS (
       SELECT t.id AS team_id, l.draft_id, coalesce(l.budget_per_team, $1::int) AS budget_total,
              coalesce(s.spent, 0) AS spent, coalesce(s.players, 0) AS players
       FROM teams t
       LEFT JOIN latest l ON l.team_id = t.id
       LEFT JOIN spent s ON s.team_id = t.id AND s.draft_id = l.draft_id
     )
     UPDATE teams t
     SET current_draft_id = st.draft_id, budget_total = st.budget_total, budget_spent = st.spent,
         player_count = st.players, updated_at = now()
     FROM standing st
     WHERE t.id = st.team_id
       AND (t.current_draft_id IS DISTINCT FROM st.draft_id OR t.budget_total <> st.budget_total
            OR t.budget_spent <> st.spent OR t.player_count <> st.players)`,
    // A team in no draft shows the draft defaults (DEFAULT_TEAM_BUDGET of modules/teams).
    [DEFAULT_DRAFT_SETTINGS.budgetPerTeam],
  );
}
