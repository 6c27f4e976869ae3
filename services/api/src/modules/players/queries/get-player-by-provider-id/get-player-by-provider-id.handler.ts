import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { playerNotFound } from '../../player.errors.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { GetPlayerByProviderIdQuery } from './get-player-by-provider-id.query.js';

@QueryHandler(GetPlayerByProviderIdQuery)
export class GetPlayerByProviderIdHandler implements IQueryHandler<GetPlayerByProviderIdQuery> {
  constructor(@Inject(PlayerReadModel) private readonly players: PlayerReadModel) {}

  async execute({ provider, providerId }: GetPlayerByProviderIdQuery): Promise<Player> {
    const player = await this.players.findByProviderId(provider, providerId);
    if (!player) throw playerNotFound();
    return player;
  }
}
