import type { AuctionTeam, Pick as PickJson } from '@auction/contracts';
import type { DraftState, Pick as DomainPick } from '@auction/domain';
import { teamRefOr } from '../team-directory.js';

export { liveMeta } from '../../../gateway/index.js';

/** A domain pick as docs/product.md §3.5 (Pick) has it, without reading the picks table (it may be gone: undo). */
export function pickJsonOf(
  draftId: string,
  state: Pick<DraftState, 'name' | 'status'>,
  pick: DomainPick,
  refs: Map<string, AuctionTeam>,
): PickJson {
  return {
    _id: pick.pickId,
    draftId,
    draftName: state.name,
    draftStatus: state.status,
    pickNumber: pick.pickNumber,
    playerId: pick.playerId,
    playerName: pick.playerName,
    position: pick.position,
    nflTeam: pick.nflTeam,
    cost: pick.cost,
    teamId: teamRefOr(refs, pick.teamId),
    source: pick.source,
    pickedAt: pick.pickedAt,
  };
}
