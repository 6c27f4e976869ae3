import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import { DraftStream, draftNotFound, DraftReadModel } from '../../../drafts/index.js';
import { PauseDraftCommand } from './pause-draft.command.js';

@CommandHandler(PauseDraftCommand)
export class PauseDraftHandler implements ICommandHandler<PauseDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
  ) {}

  async execute({ draftId, actor, at }: PauseDraftCommand): Promise<Draft> {
    await this.drafts.run(draftId, { type: 'PauseDraft', data: { at } }, actor);
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }
}
