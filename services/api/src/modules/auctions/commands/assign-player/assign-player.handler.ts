import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import { DraftStream, assertTeamsFreeWhileOpen } from '../../../drafts/index.js';
import { appendedEvent } from '../../appended-event.js';
import { pickNotFound, playerNotFound } from '../../auction.errors.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { PlayerLookup } from '../../player-lookup.js';
import { AssignPlayerCommand } from './assign-player.command.js';

@CommandHandler(AssignPlayerCommand)
export class AssignPlayerHandler implements ICommandHandler<AssignPlayerCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  async execute({ draftId, playerId, teamId, cost, actor, at }: AssignPlayerCommand): Promise<Pick> {
    const player = await this.players.byProviderId(playerId);
    if (!player) throw playerNotFound();
    // Already drafted in this draft is the decider's refusal (its picks); other drafts do not matter.
    const result = await this.drafts.run(
      draftId,
      { type: 'AssignPlayer', data: { pickId: randomUUID(), teamId, player, cost, at } },
      actor,
      (tx, after) => assertTeamsFreeWhileOpen(tx, draftId, after),
    );
    // A retry with the same key answers the pick its first run made (a new id was drawn for this attempt).
    const sold = appendedEvent(result, 'PlayerSold')!;
    const pick = await this.picks.findById(sold.data.pick.pickId);
    if (!pick) throw pickNotFound();
    return pick;
  }
}
