import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';
import { DraftStream } from '../../../drafts/index.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { RemoveKeeperCommand } from './remove-keeper.command.js';

@CommandHandler(RemoveKeeperCommand)
export class RemoveKeeperHandler implements ICommandHandler<RemoveKeeperCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  async execute({ draftId, playerId, actor, at }: RemoveKeeperCommand): Promise<KeepersData> {
    await this.drafts.run(draftId, { type: 'RemoveKeeper', data: { playerId, at } }, actor);
    return { keepers: await this.picks.keepersOf(draftId) };
  }
}
