import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DraftStream } from '../../draft-stream.js';
import { DeleteDraftCommand } from './delete-draft.command.js';

@CommandHandler(DeleteDraftCommand)
export class DeleteDraftHandler implements ICommandHandler<DeleteDraftCommand> {
  constructor(@Inject(DraftStream) private readonly drafts: DraftStream) {}

  async execute({ draftId, actor }: DeleteDraftCommand): Promise<void> {
    await this.drafts.run(draftId, { type: 'DeleteDraft', data: { at: new Date().toISOString() } }, actor);
  }
}
