import { ValidationError } from '../shared/errors.js';
import type { DraftState } from './draft.state.js';

/*
 * Time in the draft is the server's: every command carries `at` (ISO, when the server received it) and the
 * deadlines are ISO instants derived from it. Comparisons are done in milliseconds, never on the strings.
 */

/** Milliseconds since the epoch of a command's `at`; a missing or unreadable time is a malformed command. */
export function requireTime(at: unknown): number {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(ms)) throw new ValidationError('A valid time is required');
  return ms;
}

export const toIso = (ms: number): string => new Date(ms).toISOString();

export const plusSeconds = (ms: number, seconds: number): string => toIso(ms + seconds * 1000);

const msLeft = (deadline: string, now: number): number => Math.max(0, Date.parse(deadline) - now);

/**
 * Milliseconds the open auction has left at `at` (0 once its deadline has passed, the frozen time left while the
 * draft is paused), or null when no auction is open.
 */
export function auctionTimeLeftMs(state: DraftState, at: string): number | null {
  const { auction } = state;
  if (auction === null) return null;
  if (auction.pausedTimeLeftMs !== null) return auction.pausedTimeLeftMs;
  return msLeft(auction.deadline, requireTime(at));
}

/**
 * Milliseconds the team on the clock has left to nominate at `at` (0 once overdue, the frozen time left while
 * paused), or null when no nomination clock runs (an auction is open, or the draft is not under way).
 */
export function nominationTimeLeftMs(state: DraftState, at: string): number | null {
  if (state.status === 'paused') return state.pausedNominationTimeLeftMs;
  if (state.nominationDeadline === null) return null;
  return msLeft(state.nominationDeadline, requireTime(at));
}
