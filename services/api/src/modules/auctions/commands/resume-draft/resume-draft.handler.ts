import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import { arrivalsInFlight } from '../../../../common/http/arrivals-in-flight.js';
import { DraftStream, draftNotFound, DraftReadModel } from '../../../drafts/index.js';
import { ResumeDraftCommand } from './resume-draft.command.js';

@CommandHandler(ResumeDraftCommand)
export class ResumeDraftHandler implements ICommandHandler<ResumeDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
  ) {}

  async execute({ draftId, actor, at }: ResumeDraftCommand): Promise<Draft> {
    // A bid received before the resume may still be in its checks: it is judged on the clock as it was (ADR 0006).
    await arrivalsInFlight.answeredBefore(Date.parse(at), draftId);
    await this.drafts.run(draftId, { type: 'ResumeDraft', data: { at } }, actor);
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }
}
