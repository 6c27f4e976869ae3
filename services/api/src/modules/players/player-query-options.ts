import {
  PLAYER_LIST_LIMIT_MAX,
  PLAYER_SEARCH_DEFAULT_LIMIT,
  type PlayerPosition,
  type playerListQuerySchema,
  type playerSearchQuerySchema,
} from '@auction/contracts';
import type { z } from 'zod';
import type { DraftScopeRequest } from './player-draft-scope.js';
import type { PageRequest, PlayerFilters } from './player-search.sql.js';

export type PlayerListParams = z.output<typeof playerListQuerySchema>;
export type PlayerSearchParams = z.output<typeof playerSearchQuerySchema>;

/**
 * Limits are never clamped: the contracts' schemas answer 400 for anything outside 1..PLAYER_LIST_LIMIT_MAX, so a
 * client always gets what it asked for or a clear error. Searches and listings default to 20 (docs/product.md §5.7
 * (Player search and lists)); a team's players default to the cap, so a whole roster (20 players at most) comes in
 * one page.
 */
export const TEAM_PLAYERS_DEFAULT_LIMIT = PLAYER_LIST_LIMIT_MAX;

/** `available=true` leaves drafted players out; `false` or no flag lists everyone. */
export function filtersOf(params: {
  position?: PlayerPosition;
  available?: 'true' | 'false';
}): PlayerFilters {
  return { position: params.position, availableOnly: params.available === 'true' };
}

/** Whose availability to show: the draftId asked for, else the caller's own current draft. */
export function scopeOf(user: { id: string }, params: { draftId?: string }): DraftScopeRequest {
  return params.draftId === undefined ? { userId: user.id } : { userId: user.id, draftId: params.draftId };
}

export function pageOf(params: PlayerListParams, defaultLimit = PLAYER_SEARCH_DEFAULT_LIMIT): PageRequest {
  return { limit: params.limit ?? defaultLimit, offset: params.offset ?? 0 };
}

export function searchLimitOf(params: PlayerSearchParams): number {
  return params.limit ?? PLAYER_SEARCH_DEFAULT_LIMIT;
}
