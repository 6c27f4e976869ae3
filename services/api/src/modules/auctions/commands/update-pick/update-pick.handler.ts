import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import type { DraftState, UpdatePick } from '@auction/domain';
import { DraftStream, assertTeamsFreeWhileOpen } from '../../../drafts/index.js';
import { pickNotFound, playerNotFound } from '../../auction.errors.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { PlayerLookup } from '../../player-lookup.js';
import { UpdatePickCommand } from './update-pick.command.js';

@CommandHandler(UpdatePickCommand)
export class UpdatePickHandler implements ICommandHandler<UpdatePickCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
  ) {}

  async execute({ draftId, pickId, changes, actor, at }: UpdatePickCommand): Promise<Pick> {
    const { pickNumber, ...fields } = changes;
    const build = async (state: DraftState): Promise<UpdatePick> => ({
      type: 'UpdatePick',
      data: {
        pickId,
        ...(pickNumber !== undefined && { expectedPickNumber: pickNumber }),
        changes: await this.withCataloguePlayer(state, pickId, fields),
        at,
      },
    });
    await this.drafts.run(draftId, { kind: 'UpdatePick', build }, actor, (tx, after) =>
      assertTeamsFreeWhileOpen(tx, draftId, after),
    );
    const pick = await this.picks.findById(pickId);
    if (!pick || pick.draftId !== draftId) throw pickNotFound();
    return pick;
  }

  /**
   * A pick given to another player names one the catalogue has (as an assignment must): the player's name, position
   * and NFL team come from it unless the admin sent them. The same player id, or a pick this draft lacks (the
   * decider's "Pick not found"), leaves the changes as sent: correcting a name does not need the catalogue.
   */
  private async withCataloguePlayer(
    state: DraftState,
    pickId: string,
    changes: UpdatePick['data']['changes'],
  ): Promise<UpdatePick['data']['changes']> {
    const previous = state.picks.find((pick) => pick.pickId === pickId);
    if (changes.playerId === undefined || !previous || changes.playerId === previous.playerId) return changes;
    const player = await this.players.byProviderId(changes.playerId);
    if (!player) throw playerNotFound();
    return {
      playerName: player.playerName,
      position: player.position,
      nflTeam: player.nflTeam,
      ...changes,
    };
  }
}
