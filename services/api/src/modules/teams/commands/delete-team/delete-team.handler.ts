import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { teamDecider, teamStreamId, type TeamCommand, type TeamState } from '@auction/domain';
import { StreamCommandRunner } from '../../../../infrastructure/event-sourcing/stream-command-runner.js';
import { upcastRecords } from '../../../../infrastructure/event-sourcing/upcast-records.js';
import { assertTeamNotInOpenDraft } from '../../team.guards.js';
import { teamChangeOf } from '../../team-change.js';
import { TeamChanges } from '../../team-changes.js';
import { TeamProjection } from '../../team.projection.js';
import { TeamReadModel } from '../../team.read-model.js';
import { DeleteTeamCommand } from './delete-team.command.js';

@CommandHandler(DeleteTeamCommand)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeamCommand> {
  constructor(
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(TeamProjection) private readonly projection: TeamProjection,
    @Inject(TeamChanges) private readonly changes: TeamChanges,
  ) {}

  async execute({ teamId, actor }: DeleteTeamCommand): Promise<void> {
    await this.runner.run({
      streamId: teamStreamId(teamId),
      decider: teamDecider,
      kind: 'DeleteTeam',
      command: async (state: TeamState): Promise<TeamCommand> => ({
        type: 'DeleteTeam',
        data: { inOpenDraft: state.exists && (await this.teams.openDraftsOf(teamId)).length > 0 },
      }),
      actor,
      project: async (tx, { recorded }) => {
        await assertTeamNotInOpenDraft(tx, teamId);
        await this.projection.apply(upcastRecords(recorded), tx);
      },
      afterCommit: ({ events, state }) => this.changes.announce(teamChangeOf(teamId, events, state)),
    });
  }
}
