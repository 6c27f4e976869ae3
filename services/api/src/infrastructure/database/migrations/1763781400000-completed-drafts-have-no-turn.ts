import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A completed draft has no team on the clock. The draft projection used to leave `current_team_turn` on the last
 * team that nominated, so existing completed drafts showed a turn; they now read null like a rebuild would write.
 * `down` cannot know which team was on the clock and leaves the column as it is (null is the correct value).
 */
export class CompletedDraftsHaveNoTurn1763781400000 implements MigrationInterface {
  name = 'CompletedDraftsHaveNoTurn1763781400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE drafts SET current_team_turn = NULL WHERE status = 'completed' AND current_team_turn IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: see the class comment.
  }
}
