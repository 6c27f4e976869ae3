import type { TeamEvent, TeamState } from '@auction/domain';

/**
 * What a committed team command changed, as the caches of team data key it: the team (name, number, deletion) and
 * the users whose owned teams changed (the new owner, the previous one, a deleted team's owner).
 */
export interface TeamChange {
  teamIds: string[];
  userIds: string[];
}

/** A cache of team data: drops what a change names, or everything when changes may have been missed. */
export interface TeamChangeListener {
  forget(change: TeamChange): void;
  forgetAll(): void;
}

/** Where the caches hear of changes (TeamChanges; a fake in unit tests). */
export interface TeamChangeFeed {
  /**
   * True while this instance hears every instance's changes (its subscription is confirmed): entries may then be
   * kept TEAM_CACHE_TTL_MS. False at start and while the subscriber is disconnected: UNSUBSCRIBED_TTL_MS.
   */
  readonly listening: boolean;
  listen(listener: TeamChangeListener): void;
}

/**
 * How long an entry is kept while listening. Changes arrive as messages, so this only bounds how long a lost one
 * (a failed PUBLISH) leaves an entry stale; and it costs one read per user and team per period.
 */
export const TEAM_CACHE_TTL_MS = 5 * 60_000;
/**
 * Expiries are spread over TEAM_CACHE_TTL_MS × [1, 1 + this): the entries of a draft night are read within seconds
 * of each other and would otherwise all be read again in the same seconds.
 */
export const TEAM_CACHE_SPREAD = 0.2;
/** How long an entry is trusted while changes may be missed (before the subscription is confirmed, or after a drop). */
export const UNSUBSCRIBED_TTL_MS = 10_000;

export interface CacheEntryTimes {
  readAt: number;
  expiresAt: number;
}

export function entryTimes(now: number, random: () => number = Math.random): CacheEntryTimes {
  return { readAt: now, expiresAt: now + TEAM_CACHE_TTL_MS * (1 + TEAM_CACHE_SPREAD * random()) };
}

export function isFresh(entry: CacheEntryTimes, now: number, listening: boolean): boolean {
  const until = listening ? entry.expiresAt : Math.min(entry.expiresAt, entry.readAt + UNSUBSCRIBED_TTL_MS);
  return now < until;
}

/** The change a team command's committed events make (`after`: the team's state after them). */
export function teamChangeOf(teamId: string, events: readonly TeamEvent[], after: TeamState): TeamChange {
  const userIds = new Set<string>();
  for (const event of events) {
    if (event.type === 'TeamOwnerAssigned') {
      userIds.add(event.data.userId);
      if (event.data.previousOwnerId) userIds.add(event.data.previousOwnerId);
    }
    if (event.type === 'TeamDeleted' && after.ownerId) userIds.add(after.ownerId);
  }
  return { teamIds: [teamId], userIds: [...userIds] };
}

/** A message as published; null when it is not one (then the receiver forgets everything, to be safe). */
export function parseTeamChange(text: string): TeamChange | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { teamIds, userIds } = parsed as Record<string, unknown>;
  return isStringArray(teamIds) && isStringArray(userIds) ? { teamIds, userIds } : null;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
