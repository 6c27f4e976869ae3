import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import type { DraftCommand, DraftState } from '@auction/domain';
import { TeamReadModel } from '../../../teams/index.js';
import { DraftStream } from '../../draft-stream.js';
import { draftNotFound, teamInAnotherDraft, teamNotFound } from '../../draft.errors.js';
import { assertTeamNumbersDistinct, assertTeamsAssignable } from '../../draft.guards.js';
import { DraftReadModel } from '../../draft.read-model.js';
import { AssignTeamsCommand } from './assign-teams.command.js';

@CommandHandler(AssignTeamsCommand)
export class AssignTeamsHandler implements ICommandHandler<AssignTeamsCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftReadModel) private readonly readModel: DraftReadModel,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
  ) {}

  async execute({ draftId, teamIds, actor }: AssignTeamsCommand): Promise<Draft> {
    await this.drafts.run(
      draftId,
      { kind: 'AssignTeams', build: (state) => this.buildCommand(draftId, teamIds, state) },
      actor,
      async (tx, state) => {
        await assertTeamsAssignable(tx, draftId, state.teamIds);
        await assertTeamNumbersDistinct(tx, state.teamIds);
      },
    );
    const draft = await this.readModel.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }

  /** Looks the teams up only for a draft that can take them, so a missing or started draft is reported first. */
  private async buildCommand(
    draftId: string,
    teamIds: readonly string[],
    state: DraftState,
  ): Promise<DraftCommand> {
    if (!state.exists || state.deleted || state.status !== 'created') {
      return { type: 'AssignTeams', data: { teams: [] } };
    }
    const found = new Map((await this.teams.findLive(teamIds)).map((team) => [team.id, team]));
    if (teamIds.some((teamId) => !found.has(teamId))) throw teamNotFound();
    const busy = (await this.readModel.teamsInOtherOpenDrafts(teamIds, draftId))[0];
    if (busy) throw teamInAnotherDraft(busy.teamName, busy.draftName);
    const teams = teamIds.map((teamId) => ({ teamId, teamNumber: found.get(teamId)!.teamNumber }));
    return { type: 'AssignTeams', data: { teams } };
  }
}
