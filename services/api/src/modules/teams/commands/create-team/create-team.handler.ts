import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { idempotentCreatedThenDeletedMessage, type Team } from '@auction/contracts';
import { ConflictError, teamDecider, teamStreamId, type TeamCommand } from '@auction/domain';
import { newEntityId } from '../../../../infrastructure/event-sourcing/idempotency-key.js';
import { StreamCommandRunner } from '../../../../infrastructure/event-sourcing/stream-command-runner.js';
import { upcastRecords } from '../../../../infrastructure/event-sourcing/upcast-records.js';
import { assertTeamNameFree } from '../../team.guards.js';
import { teamChangeOf } from '../../team-change.js';
import { TeamChanges } from '../../team-changes.js';
import { TeamProjection } from '../../team.projection.js';
import { TeamReadModel } from '../../team.read-model.js';
import { refuseNameTakenMeanwhile } from '../../team-name-taken.js';
import { CreateTeamCommand } from './create-team.command.js';

@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand> {
  constructor(
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(TeamProjection) private readonly projection: TeamProjection,
    @Inject(TeamChanges) private readonly changes: TeamChanges,
  ) {}

  async execute({ name, teamNumber, actor }: CreateTeamCommand): Promise<Team> {
    const teamId = newEntityId('team', actor);
    const command: TeamCommand = { type: 'CreateTeam', data: { teamId, name, teamNumber } };
    // Team numbers are unique within a draft, not league-wide (docs/adr/0007): the draft checks them on assignment.
    // Team names are unique among live teams (docs/adr/0013): checked in the append's transaction.
    try {
      await this.runner.run({
        streamId: teamStreamId(teamId),
        decider: teamDecider,
        command,
        actor,
        project: async (tx, { recorded }) => {
          await this.projection.apply(upcastRecords(recorded), tx);
          await assertTeamNameFree(tx, teamId);
        },
        // No cache can hold a team that did not exist; announced anyway, so every team command keeps the rule.
        afterCommit: ({ events, state }) => this.changes.announce(teamChangeOf(teamId, events, state)),
      });
    } catch (error) {
      await refuseNameTakenMeanwhile(error, this.teams, name, teamId);
      throw error;
    }
    // Null only when a retried create's team was deleted since.
    const team = await this.teams.findById(teamId);
    if (!team) throw new ConflictError(idempotentCreatedThenDeletedMessage('team'));
    return team;
  }
}
