import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PlayerReadModel, type PlayerPage } from '../../player.read-model.js';
import { ListPlayersQuery } from './list-players.query.js';

@QueryHandler(ListPlayersQuery)
export class ListPlayersHandler implements IQueryHandler<ListPlayersQuery> {
  constructor(@Inject(PlayerReadModel) private readonly players: PlayerReadModel) {}

  execute({ filters, page }: ListPlayersQuery): Promise<PlayerPage> {
    return this.players.list(filters, page);
  }
}
