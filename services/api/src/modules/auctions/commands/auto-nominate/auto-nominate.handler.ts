import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DraftCommand, DraftState } from '@auction/domain';
import { DraftStream } from '../../../drafts/index.js';
import { noPlayerAvailable } from '../../auction.errors.js';
import { PlayerLookup } from '../../player-lookup.js';
import { AutoNominateCommand } from './auto-nominate.command.js';

/**
 * Puts the best player by ADP still available in this draft (not among its picks, whatever other drafts bought)
 * up for $1 in the name of the team on the clock.
 */
@CommandHandler(AutoNominateCommand)
export class AutoNominateHandler implements ICommandHandler<AutoNominateCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
  ) {}

  async execute({ draftId, at }: AutoNominateCommand): Promise<void> {
    const build = async (state: DraftState): Promise<DraftCommand> => {
      const taken = state.picks.map((pick) => pick.playerId);
      const player = await this.players.bestAvailable(taken);
      if (!player) throw noPlayerAvailable();
      return { type: 'AutoNominate', data: { auctionId: randomUUID(), player, at } };
    };
    await this.drafts.run(draftId, build, 'system');
  }
}
