import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Team } from '@auction/contracts';
import { TeamReadModel } from '../../team.read-model.js';
import { ListTeamsQuery } from './list-teams.query.js';

@QueryHandler(ListTeamsQuery)
export class ListTeamsHandler implements IQueryHandler<ListTeamsQuery> {
  constructor(@Inject(TeamReadModel) private readonly teams: TeamReadModel) {}

  execute(): Promise<Team[]> {
    return this.teams.list();
  }
}
