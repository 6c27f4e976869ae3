import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import { DraftStream, assertTeamsFreeWhileOpen } from '../../../drafts/index.js';
import { pickNotFound } from '../../auction.errors.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { UpdatePickCommand } from './update-pick.command.js';

@CommandHandler(UpdatePickCommand)
export class UpdatePickHandler implements ICommandHandler<UpdatePickCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  async execute({ draftId, pickId, changes, actor, at }: UpdatePickCommand): Promise<Pick> {
    const { pickNumber, ...fields } = changes;
    await this.drafts.run(
      draftId,
      {
        type: 'UpdatePick',
        data: {
          pickId,
          ...(pickNumber !== undefined && { expectedPickNumber: pickNumber }),
          changes: fields,
          at,
        },
      },
      actor,
      (tx, after) => assertTeamsFreeWhileOpen(tx, draftId, after),
    );
    const pick = await this.picks.findById(pickId);
    if (!pick || pick.draftId !== draftId) throw pickNotFound();
    return pick;
  }
}
