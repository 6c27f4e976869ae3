import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { idempotentCreatedThenDeletedMessage, type Draft } from '@auction/contracts';
import { ConflictError } from '@auction/domain';
import { newEntityId } from '../../../../infrastructure/event-sourcing/idempotency-key.js';
import { DraftStream } from '../../draft-stream.js';
import { DraftReadModel } from '../../draft.read-model.js';
import { CreateDraftCommand } from './create-draft.command.js';

@CommandHandler(CreateDraftCommand)
export class CreateDraftHandler implements ICommandHandler<CreateDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
  ) {}

  async execute({ name, settings, actor }: CreateDraftCommand): Promise<Draft> {
    const draftId = newEntityId('draft', actor);
    await this.drafts.run(
      draftId,
      { type: 'CreateDraft', data: { draftId, name, settings, at: new Date().toISOString() } },
      actor,
    );
    // Null only when a retried create's draft was deleted since.
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw new ConflictError(idempotentCreatedThenDeletedMessage('draft'));
    return draft;
  }
}
