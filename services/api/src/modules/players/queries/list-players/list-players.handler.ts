import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DraftAuctionValues } from '../../draft-auction-values.js';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel, type PlayerPage } from '../../player.read-model.js';
import { ListPlayersQuery } from './list-players.query.js';

@QueryHandler(ListPlayersQuery)
export class ListPlayersHandler implements IQueryHandler<ListPlayersQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
    @Inject(DraftAuctionValues) private readonly values: DraftAuctionValues,
  ) {}

  async execute({ filters, page, scope }: ListPlayersQuery): Promise<PlayerPage> {
    const found = await this.players.list(filters, page, await this.drafts.resolve(scope));
    return { ...found, players: await this.values.apply(found.players, scope.draftId) };
  }
}
