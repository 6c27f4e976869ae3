import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TeamReadModel } from '../../../teams/index.js';
import { teamNotFound } from '../../player.errors.js';
import { PlayerReadModel, type PlayerPage } from '../../player.read-model.js';
import { ListTeamPlayersQuery } from './list-team-players.query.js';

@QueryHandler(ListTeamPlayersQuery)
export class ListTeamPlayersHandler implements IQueryHandler<ListTeamPlayersQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
  ) {}

  async execute({ teamId, filters, page }: ListTeamPlayersQuery): Promise<PlayerPage> {
    const [team] = await this.teams.findLive([teamId]);
    if (!team) throw teamNotFound();
    return this.players.listDraftedBy(teamId, filters, page);
  }
}
