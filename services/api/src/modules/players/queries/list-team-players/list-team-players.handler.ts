import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TeamReadModel } from '../../../teams/index.js';
import { teamNotFound } from '../../player.errors.js';
import { DraftAuctionValues } from '../../draft-auction-values.js';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel, type PlayerPage } from '../../player.read-model.js';
import { ListTeamPlayersQuery } from './list-team-players.query.js';

@QueryHandler(ListTeamPlayersQuery)
export class ListTeamPlayersHandler implements IQueryHandler<ListTeamPlayersQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(TeamReadModel) private readonly teams: TeamReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
    @Inject(DraftAuctionValues) private readonly values: DraftAuctionValues,
  ) {}

  /** The roster the team's budget describes: its current draft's picks, unless a draft is named. */
  async execute({ teamId, filters, page, draftId }: ListTeamPlayersQuery): Promise<PlayerPage> {
    const [team] = await this.teams.findLive([teamId]);
    if (!team) throw teamNotFound();
    const found = await this.players.listDraftedBy(
      teamId,
      filters,
      page,
      await this.drafts.ofTeam(teamId, draftId),
    );
    return { ...found, players: await this.values.apply(found.players, draftId) };
  }
}
