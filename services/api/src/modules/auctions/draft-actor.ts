import { Inject, Injectable } from '@nestjs/common';
import type { DraftActor } from '@auction/domain';
import type { AuthUser } from '../../common/auth/index.js';
import { TeamOwnershipCache } from '../teams/index.js';

/** Who is acting, as the draft rules see it: admins act for any team, users for the teams they own. */
@Injectable()
export class DraftActors {
  constructor(@Inject(TeamOwnershipCache) private readonly ownership: TeamOwnershipCache) {}

  async of(user: AuthUser): Promise<DraftActor> {
    if (user.role === 'admin') return { isAdmin: true, teamIds: [] };
    return { isAdmin: false, teamIds: await this.ownership.ownedTeamIds(user.id) };
  }
}

/** The team a user acts for in a draft when they do not name one: the one they own among the draft's teams. */
export function ownTeamIn(actor: DraftActor, draftTeamIds: readonly string[]): string | undefined {
  return actor.teamIds.find((teamId) => draftTeamIds.includes(teamId));
}
