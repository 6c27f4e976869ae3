import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import { arrivalsInFlight } from '../../../../common/http/arrivals-in-flight.js';
import { DraftStream, draftNotFound, DraftReadModel } from '../../../drafts/index.js';
import { PauseDraftCommand } from './pause-draft.command.js';

@CommandHandler(PauseDraftCommand)
export class PauseDraftHandler implements ICommandHandler<PauseDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
  ) {}

  async execute({ draftId, actor, at }: PauseDraftCommand): Promise<Draft> {
    // A bid received before the pause may still be in its checks: it is judged on the clock as it was (ADR 0006).
    await arrivalsInFlight.answeredBefore(Date.parse(at), draftId);
    await this.drafts.run(draftId, { type: 'PauseDraft', data: { at } }, actor);
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }
}
