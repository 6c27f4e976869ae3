import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel, type PlayerPage } from '../../player.read-model.js';
import { ListPlayersQuery } from './list-players.query.js';

@QueryHandler(ListPlayersQuery)
export class ListPlayersHandler implements IQueryHandler<ListPlayersQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
  ) {}

  async execute({ filters, page, scope }: ListPlayersQuery): Promise<PlayerPage> {
    return this.players.list(filters, page, await this.drafts.resolve(scope));
  }
}
