import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import { DraftStream } from '../../../drafts/index.js';
import { pickNotFound, playerAlreadyDrafted, playerNotFound } from '../../auction.errors.js';
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
    const found = await this.players.byProviderId(playerId);
    if (!found) throw playerNotFound();
    if (found.isDrafted) throw playerAlreadyDrafted();
    const { isDrafted: _drafted, ...player } = found;
    const pickId = randomUUID();
    await this.drafts.run(
      draftId,
      { type: 'AssignPlayer', data: { pickId, teamId, player, cost, at } },
      actor,
    );
    const pick = await this.picks.findById(pickId);
    if (!pick) throw pickNotFound();
    return pick;
  }
}
