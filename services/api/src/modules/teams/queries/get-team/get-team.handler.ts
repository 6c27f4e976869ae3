import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import { NotFoundError } from '@auction/domain';
import { TeamReadModel } from '../../team.read-model.js';
import { GetTeamQuery } from './get-team.query.js';

@QueryHandler(GetTeamQuery)
export class GetTeamHandler implements IQueryHandler<GetTeamQuery> {
  constructor(@Inject(TeamReadModel) private readonly teams: TeamReadModel) {}

  async execute({ teamId }: GetTeamQuery): Promise<Team> {
    const team = await this.teams.findById(teamId);
    if (!team) throw new NotFoundError('Team not found');
    return team;
  }
}
