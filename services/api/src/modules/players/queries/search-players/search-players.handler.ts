import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { PlayerReadModel } from '../../player.read-model.js';
import { SearchPlayersQuery } from './search-players.query.js';

@QueryHandler(SearchPlayersQuery)
export class SearchPlayersHandler implements IQueryHandler<SearchPlayersQuery> {
  constructor(@Inject(PlayerReadModel) private readonly players: PlayerReadModel) {}

  execute({ text, filters, limit }: SearchPlayersQuery): Promise<Player[]> {
    return this.players.search(text, filters, limit);
  }
}
