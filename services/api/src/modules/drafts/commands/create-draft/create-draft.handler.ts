import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
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
    const draftId = randomUUID();
    await this.drafts.run(
      draftId,
      { type: 'CreateDraft', data: { draftId, name, settings, at: new Date().toISOString() } },
      actor,
    );
    const draft = (await this.readModel.findById(draftId))!;
    return draft;
  }
}
