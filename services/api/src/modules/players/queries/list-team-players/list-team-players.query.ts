import { Query } from '@nestjs/cqrs';
import type { PlayerPage } from '../../player.read-model.js';
import type { PageRequest, PlayerFilters } from '../../player-search.sql.js';

/** The players a fantasy team bought in a draft (by default its current one), most expensive first. */
export class ListTeamPlayersQuery extends Query<PlayerPage> {
  constructor(
    readonly teamId: string,
    readonly filters: PlayerFilters,
    readonly page: PageRequest,
    readonly draftId: string | undefined,
  ) {
    super();
  }
}
