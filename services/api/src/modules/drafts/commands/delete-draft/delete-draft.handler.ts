import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DraftStream } from '../../draft-stream.js';
import { DraftEventsPublisher } from '../../draft-events.publisher.js';
import { DeleteDraftCommand } from './delete-draft.command.js';

@CommandHandler(DeleteDraftCommand)
export class DeleteDraftHandler implements ICommandHandler<DeleteDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftEventsPublisher) private readonly publisher: DraftEventsPublisher,
  ) {}

  async execute({ draftId, actor }: DeleteDraftCommand): Promise<void> {
    await this.drafts.run(draftId, { type: 'DeleteDraft', data: { at: new Date().toISOString() } }, actor);
    this.publisher.draftDeleted(draftId);
  }
}
