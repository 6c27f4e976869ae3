import { Query } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import type { DraftScopeRequest } from '../../player-draft-scope.js';
import type { PlayerFilters } from '../../player-search.sql.js';

/** Players matching a typed query, best first. */
export class SearchPlayersQuery extends Query<Player[]> {
  constructor(
    readonly text: string,
    readonly filters: PlayerFilters,
    readonly limit: number,
    readonly scope: DraftScopeRequest,
  ) {
    super();
  }
}
