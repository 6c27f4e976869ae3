import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';
import { DraftStream } from '../../../drafts/index.js';
import { playerNotFound } from '../../auction.errors.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { PlayerLookup } from '../../player-lookup.js';
import { AddKeeperCommand } from './add-keeper.command.js';

/** The keeper becomes a pick (source `keeper`) through the draft projection, like a sale. */
@CommandHandler(AddKeeperCommand)
export class AddKeeperHandler implements ICommandHandler<AddKeeperCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  async execute({ draftId, teamId, playerId, cost, actor, at }: AddKeeperCommand): Promise<KeepersData> {
    const player = await this.players.byProviderId(playerId);
    if (!player) throw playerNotFound();
    await this.drafts.run(
      draftId,
      { type: 'AddKeeper', data: { pickId: randomUUID(), teamId, player, cost, at } },
      actor,
    );
    return { keepers: await this.picks.keepersOf(draftId) };
  }
}
