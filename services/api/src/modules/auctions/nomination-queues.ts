import { Inject, Injectable } from '@nestjs/common';
import type { NominationQueueData } from '@auction/contracts';
import {
  ForbiddenError,
  isPlayerDrafted,
  nominationQueueOf,
  type DraftActor,
  type DraftState,
} from '@auction/domain';
import { teamRequired } from './auction.errors.js';
import { ownTeamIn } from './draft-actor.js';
import { PlayerLookup } from './player-lookup.js';

/** The team whose queue is read or set: the one named, else the user's own team among the draft's teams. */
export function queueTeamOf(teamId: string | undefined, actor: DraftActor, state: DraftState): string {
  const team = teamId ?? (actor.isAdmin ? undefined : ownTeamIn(actor, state.teamIds));
  if (!team) throw teamRequired();
  return team;
}

/** A queue is private to its team (docs/adr/0018): its owner and admins only. */
export function assertMayReadQueue(actor: DraftActor, teamId: string): void {
  if (!actor.isAdmin && !actor.teamIds.includes(teamId)) {
    throw new ForbiddenError("You can only see your own team's nomination queue");
  }
}

/** A team's queue with the catalogue's names, each marked available or not in this draft. */
@Injectable()
export class NominationQueueViews {
  constructor(@Inject(PlayerLookup) private readonly players: PlayerLookup) {}

  async of(draftId: string, state: DraftState, teamId: string): Promise<NominationQueueData> {
    const players = await this.players.byProviderIds(nominationQueueOf(state, teamId));
    return {
      draftId,
      teamId,
      players: players.map((player) => ({
        playerId: player.playerId,
        playerName: player.playerName,
        position: player.position,
        nflTeam: player.nflTeam,
        available: !isPlayerDrafted(state, player.playerId),
      })),
    };
  }
}
