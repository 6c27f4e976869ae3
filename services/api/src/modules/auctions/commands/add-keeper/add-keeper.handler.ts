import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DraftStream } from '../../../drafts/index.js';
import { playerNotFound } from '../../auction.errors.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { PlayerLookup } from '../../player-lookup.js';
import { appendedEvent } from '../../appended-event.js';
import { AddKeeperCommand, type AddKeeperResult } from './add-keeper.command.js';

/** The keeper becomes a pick (source `keeper`) through the draft projection, like a sale. */
@CommandHandler(AddKeeperCommand)
export class AddKeeperHandler implements ICommandHandler<AddKeeperCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PlayerLookup) private readonly players: PlayerLookup,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  /** The draft's keepers, and the one this command added (on a retry with the same key, the first run's). */
  async execute({ draftId, teamId, playerId, cost, actor, at }: AddKeeperCommand): Promise<AddKeeperResult> {
    const player = await this.players.byProviderId(playerId);
    if (!player) throw playerNotFound();
    const result = await this.drafts.run(
      draftId,
      { type: 'AddKeeper', data: { pickId: randomUUID(), teamId, player, cost, at } },
      actor,
    );
    const { pick } = appendedEvent(result, 'KeeperAdded')!.data;
    return {
      data: { keepers: await this.picks.keepersOf(draftId) },
      added: { playerName: pick.playerName, cost: pick.cost },
    };
  }
}
