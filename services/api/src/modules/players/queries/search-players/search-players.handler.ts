import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { SearchPlayersQuery } from './search-players.query.js';

@QueryHandler(SearchPlayersQuery)
export class SearchPlayersHandler implements IQueryHandler<SearchPlayersQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
  ) {}

  async execute({ text, filters, limit, scope }: SearchPlayersQuery): Promise<Player[]> {
    return this.players.search(text, filters, limit, await this.drafts.resolve(scope));
  }
}
