import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { NominationQueueData } from '@auction/contracts';
import { assertDraftExists, requireAssignedTeam } from '@auction/domain';
import { DraftStream } from '../../../drafts/index.js';
import { DraftActors } from '../../draft-actor.js';
import { NominationQueueViews, assertMayReadQueue, queueTeamOf } from '../../nomination-queues.js';
import { GetNominationQueueQuery } from './get-nomination-queue.query.js';

@QueryHandler(GetNominationQueueQuery)
export class GetNominationQueueHandler implements IQueryHandler<GetNominationQueueQuery> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(NominationQueueViews) private readonly views: NominationQueueViews,
  ) {}

  async execute({ draftId, teamId, user }: GetNominationQueueQuery): Promise<NominationQueueData> {
    const actor = await this.actors.of(user);
    const { state } = await this.drafts.read(draftId);
    assertDraftExists(state);
    const team = queueTeamOf(teamId, actor, state);
    assertMayReadQueue(actor, team);
    // As setting it answers: an admin naming another draft's team reads no queue of this one.
    requireAssignedTeam(state, team);
    return this.views.of(draftId, state, team);
  }
}
