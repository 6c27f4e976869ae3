import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { queuedPlayerIds, type DraftCommand, type DraftPlayer, type DraftState } from '@auction/domain';
import { arrivalsInFlight } from '../../../../common/http/arrivals-in-flight.js';
import { DraftStream } from '../../../drafts/index.js';
import { noPlayerAvailable } from '../../auction.errors.js';
import { PlayerLookup } from '../../player-lookup.js';
import { AutoNominateCommand } from './auto-nominate.command.js';

/**
 * Puts the team's first queued player still available in this draft (issue 13, part 2), else the best player by ADP still available in this draft (not among its picks, whatever other drafts bought)
 * up for $1 in the name of the team on the clock.
 */
@CommandHandler(AutoNominateCommand)
export class AutoNominateHandler implements ICommandHandler<AutoNominateCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
  ) {}

  async execute({ draftId, at }: AutoNominateCommand): Promise<void> {
    // The owner's nomination (or queue) received before the clock ran out may still be in its token check: it
    // decides first (ADR 0006).
    await arrivalsInFlight.answeredBefore(Date.parse(at), draftId);
    const build = async (state: DraftState): Promise<DraftCommand> => {
      const player = await this.choose(state);
      if (!player) throw noPlayerAvailable();
      return { type: 'AutoNominate', data: { auctionId: randomUUID(), player, at } };
    };
    await this.drafts.run(draftId, { kind: 'AutoNominate', build }, 'system');
  }

  private async choose(state: DraftState): Promise<DraftPlayer | null> {
    const team = state.currentTeamTurn;
    const queued = team === null ? [] : queuedPlayerIds(state, team);
    // A queued id the catalogue no longer has is skipped, like a player already picked.
    const [first] = await this.players.byProviderIds(queued);
    if (first) return first;
    return this.players.bestAvailable(state.picks.map((pick) => pick.playerId));
  }
}
