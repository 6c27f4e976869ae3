import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import { teamDecider, teamStreamId, type TeamCommand } from '@auction/domain';
import { isUniqueViolation } from '../../../../infrastructure/event-sourcing/pg-errors.js';
import { StreamCommandRunner } from '../../../../infrastructure/event-sourcing/stream-command-runner.js';
import { teamNumberTaken } from '../../team.errors.js';
import { TeamProjection } from '../../team.projection.js';
import { TeamReadModel } from '../../team.read-model.js';
import { CreateTeamCommand } from './create-team.command.js';

@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand> {
  constructor(
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(TeamProjection) private readonly projection: TeamProjection,
  ) {}

  async execute({ name, teamNumber, actor }: CreateTeamCommand): Promise<Team> {
    if (await this.teams.findByNumber(teamNumber)) throw teamNumberTaken(teamNumber);
    const teamId = randomUUID();
    const command: TeamCommand = { type: 'CreateTeam', data: { teamId, name, teamNumber } };
    try {
      await this.runner.run({
        streamId: teamStreamId(teamId),
        decider: teamDecider,
        command,
        actor,
        project: (tx, { recorded }) => this.projection.apply(tx, recorded),
      });
    } catch (error) {
      // Two requests for one number passed the check together: the partial unique index let one through.
      if (isUniqueViolation(error, 'teams_team_number_unique')) throw teamNumberTaken(teamNumber);
      throw error;
    }
    return (await this.teams.findById(teamId))!;
  }
}
