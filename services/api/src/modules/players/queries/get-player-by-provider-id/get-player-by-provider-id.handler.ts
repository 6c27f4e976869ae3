import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { playerNotFound } from '../../player.errors.js';
import { DraftAuctionValues } from '../../draft-auction-values.js';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { GetPlayerByProviderIdQuery } from './get-player-by-provider-id.query.js';

@QueryHandler(GetPlayerByProviderIdQuery)
export class GetPlayerByProviderIdHandler implements IQueryHandler<GetPlayerByProviderIdQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
    @Inject(DraftAuctionValues) private readonly values: DraftAuctionValues,
  ) {}

  async execute({ provider, providerId, scope }: GetPlayerByProviderIdQuery): Promise<Player> {
    const draftId = await this.drafts.resolve(scope);
    const player = await this.players.findByProviderId(provider, providerId, draftId);
    if (!player) throw playerNotFound();
    const [valued] = await this.values.apply([player], scope.draftId);
    return valued!;
  }
}
