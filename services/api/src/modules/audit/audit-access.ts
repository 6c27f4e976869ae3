import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { auditForbidden } from './audit.errors.js';
import { AuditSnapshots } from './audit-snapshots.js';
import { DraftAudit } from './draft-audit.js';

/**
 * Who may audit a draft: admins, and the owner of a team that is (or was, for a completed draft) in it. The draft's
 * existence is checked first, so an unknown id is a 404 for everyone and a 403 never confirms anything but a
 * real draft of another league.
 */
@Injectable()
export class AuditAccess {
  /** One set for the app: a replay reuses the folds earlier replays of the draft kept. */
  private readonly snapshots = new AuditSnapshots();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  audit(): DraftAudit {
    return new DraftAudit(this.pool, this.snapshots);
  }

  async assertMayAudit(user: AuthUser, draftId: string): Promise<DraftAudit> {
    const audit = this.audit();
    // Every read of DraftAudit checks the draft exists itself: an admin, who may audit any draft, is spared the
    // extra round trip (a replay's budget is 10 ms, ADR 0024); others learn 404 before 403.
    if (user.role === 'admin') return audit;
    await audit.assertExists(draftId);
    if (!(await this.ownsTeamIn(user.id, draftId))) throw auditForbidden();
    return audit;
  }

  /** The teams the user owns (for what only a team's owner may read in an audit). */
  async ownedTeamIds(userId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(`SELECT id FROM teams WHERE owner_user_id = $1`, [
      userId,
    ]);
    return rows.map((row) => row.id);
  }

  private async ownsTeamIn(userId: string, draftId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM draft_teams dt JOIN teams t ON t.id = dt.team_id
       WHERE dt.draft_id = $1 AND t.owner_user_id = $2 LIMIT 1`,
      [draftId, userId],
    );
    return rows.length > 0;
  }
}
