import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import { playerNotFound } from '../../player.errors.js';
import { DraftAuctionValues } from '../../draft-auction-values.js';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { GetPlayerQuery } from './get-player.query.js';

@QueryHandler(GetPlayerQuery)
export class GetPlayerHandler implements IQueryHandler<GetPlayerQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
    @Inject(DraftAuctionValues) private readonly values: DraftAuctionValues,
  ) {}

  async execute({ playerId, scope }: GetPlayerQuery): Promise<Player> {
    const player = await this.players.findById(playerId, await this.drafts.resolve(scope));
    if (!player) throw playerNotFound();
    const [valued] = await this.values.apply([player], scope.draftId);
    return valued!;
  }
}
