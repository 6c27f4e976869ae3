import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { DraftAuctionValues } from '../../draft-auction-values.js';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { SearchPlayersQuery } from './search-players.query.js';

@QueryHandler(SearchPlayersQuery)
export class SearchPlayersHandler implements IQueryHandler<SearchPlayersQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
    @Inject(DraftAuctionValues) private readonly values: DraftAuctionValues,
  ) {}

  async execute({ text, filters, limit, scope }: SearchPlayersQuery): Promise<Player[]> {
    const found = await this.players.search(text, filters, limit, await this.drafts.resolve(scope));
    return this.values.apply(found, scope.draftId);
  }
}
