import { Query } from '@nestjs/cqrs';
import type { PlayerStatsSummary } from '@auction/contracts';

/** Counts by position, drafted against available, averages and the last sync time. */
export class GetPlayerStatsQuery extends Query<PlayerStatsSummary> {}
