import { Query } from '@nestjs/cqrs';
import type { DraftScopeRequest } from '../../player-draft-scope.js';
import type { PlayerPage } from '../../player.read-model.js';
import type { PageRequest, PlayerFilters } from '../../player-search.sql.js';

/** One page of players by ADP (no search query): the draft room's empty search box, the position pages. */
export class ListPlayersQuery extends Query<PlayerPage> {
  constructor(
    readonly filters: PlayerFilters,
    readonly page: PageRequest,
    readonly scope: DraftScopeRequest,
  ) {
    super();
  }
}
