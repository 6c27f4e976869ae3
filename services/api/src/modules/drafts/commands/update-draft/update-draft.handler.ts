import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import { DraftStream } from '../../draft-stream.js';
import { draftNotFound } from '../../draft.errors.js';
import { DraftReadModel } from '../../draft.read-model.js';
import { UpdateDraftCommand } from './update-draft.command.js';

@CommandHandler(UpdateDraftCommand)
export class UpdateDraftHandler implements ICommandHandler<UpdateDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
  ) {}

  async execute({ draftId, changes, actor }: UpdateDraftCommand): Promise<Draft> {
    await this.drafts.run(draftId, { type: 'UpdateDraft', data: changes }, actor);
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }
}
