import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import type { DraftCommand, DraftState } from '@auction/domain';
import { TeamReadModel } from '../../../teams/index.js';
import { DraftStream } from '../../draft-stream.js';
import { draftNotFound } from '../../draft.errors.js';
import { DraftReadModel } from '../../draft.read-model.js';
import { StartDraftCommand } from './start-draft.command.js';

@CommandHandler(StartDraftCommand)
export class StartDraftHandler implements ICommandHandler<StartDraftCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
  ) {}

  async execute({ draftId, actor }: StartDraftCommand): Promise<Draft> {
    await this.drafts.run(draftId, { kind: 'StartDraft', build: (state) => this.buildCommand(state) }, actor);
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }

  /** The decider orders the teams by number; it needs the numbers, which live in the team read model. */
  private async buildCommand(state: DraftState): Promise<DraftCommand> {
    const at = new Date().toISOString();
    if (state.teamIds.length === 0) return { type: 'StartDraft', data: { teams: [], at } };
    const teams = await this.teams.findLive(state.teamIds);
    return {
      type: 'StartDraft',
      data: { teams: teams.map((team) => ({ teamId: team.id, teamNumber: team.teamNumber })), at },
    };
  }
}
