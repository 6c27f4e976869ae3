import type { Event } from '../shared/decider.js';
import type { DraftSettings } from '../rules/limits.js';
import type { DraftStatus, Pick } from './draft.types.js';

export type DraftCreated = Event<
  'DraftCreated',
  { draftId: string; name: string; settings: DraftSettings; createdAt: string }
>;

/** Carries only what changed; `settings` is then the whole new settings object. */
export type DraftUpdated = Event<'DraftUpdated', { name?: string; settings?: DraftSettings }>;

/** The full new set of teams, ordered by team number. */
export type DraftTeamsAssigned = Event<'DraftTeamsAssigned', { teamIds: string[] }>;

export type DraftStarted = Event<
  'DraftStarted',
  {
    /** Team ids by team number, ascending: the nomination order. */
    teamOrder: string[];
    currentTeamTurn: string;
    currentRound: number;
    startedAt: string;
    /** How many teams actually play; replaces `settings.teamsCount`. */
    teamsCount: number;
  }
>;

/** Decided by the auction (a later decider); the draft folds it to keep its picks. */
export type PlayerSold = Event<'PlayerSold', { pick: Pick }>;

/**
 * `releasedPicks` are all the picks the draft held, so projections can undraft the players and reset
 * the teams' rosters and budgets without reading anything else.
 */
export type DraftDeleted = Event<
  'DraftDeleted',
  { draftId: string; previousStatus: DraftStatus; releasedPicks: Pick[]; deletedAt: string }
>;

export type DraftEvent =
  DraftCreated | DraftUpdated | DraftTeamsAssigned | DraftStarted | PlayerSold | DraftDeleted;

// A record, so the compiler fails when an event type is added to the union but not listed here.
const draftEventTypeSet: Record<DraftEvent['type'], true> = {
  DraftCreated: true,
  DraftUpdated: true,
  DraftTeamsAssigned: true,
  DraftStarted: true,
  PlayerSold: true,
  DraftDeleted: true,
};

export const DRAFT_EVENT_TYPES = Object.freeze(Object.keys(draftEventTypeSet) as DraftEvent['type'][]);

/** Whether a stored `{ type, data }` record is one of the draft stream's events. */
export function isDraftEvent(event: { type: string }): event is DraftEvent {
  return Object.hasOwn(draftEventTypeSet, event.type);
}
