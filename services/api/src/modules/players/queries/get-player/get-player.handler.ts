import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { playerNotFound } from '../../player.errors.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { GetPlayerQuery } from './get-player.query.js';

@QueryHandler(GetPlayerQuery)
export class GetPlayerHandler implements IQueryHandler<GetPlayerQuery> {
  constructor(@Inject(PlayerReadModel) private readonly players: PlayerReadModel) {}

  async execute({ playerId }: GetPlayerQuery): Promise<Player> {
    const player = await this.players.findById(playerId);
    if (!player) throw playerNotFound();
    return player;
  }
}
