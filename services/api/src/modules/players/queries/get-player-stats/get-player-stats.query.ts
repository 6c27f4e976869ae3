import { Query } from '@nestjs/cqrs';
import type { PlayerStatsSummary } from '@auction/contracts';
import type { DraftScopeRequest } from '../../player-draft-scope.js';

/** Counts by position, drafted (in the scope's draft) against available, averages and the last sync time. */
export class GetPlayerStatsQuery extends Query<PlayerStatsSummary> {
  constructor(readonly scope: DraftScopeRequest) {
    super();
  }
}
