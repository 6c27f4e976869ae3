import { Query } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import type { DraftScopeRequest } from '../../player-draft-scope.js';

/** A player by the data provider's id (playerId: docs/product.md §3.4 (Player)), e.g. provider `sleeper`, id `9509`. */
export class GetPlayerByProviderIdQuery extends Query<Player> {
  constructor(
    readonly provider: string,
    readonly providerId: string,
    readonly scope: DraftScopeRequest,
  ) {
    super();
  }
}
