import { DEFAULT_DRAFT_SETTINGS, type DraftSettings } from '../rules/limits.js';
import type { DraftEvent } from './draft.events.js';
import type { Auction, CompletedAuction, DraftStatus, Pick } from './draft.types.js';

export type DraftState = {
  /** False until `DraftCreated`; stays true after deletion (the stream exists, the draft does not). */
  exists: boolean;
  deleted: boolean;
  draftId: string;
  name: string;
  status: DraftStatus;
  settings: DraftSettings;
  teamIds: string[];
  /** Team ids by team number, set when the draft starts. */
  teamOrder: string[];
  currentRound: number;
  currentTeamTurn: string | null;
  picks: Pick[];
  /** The open auction, or null between auctions. */
  auction: Auction | null;
  lastCompletedAuction: CompletedAuction | null;
  /** How many auctions were opened (the next nomination is number auctionsCount + 1). */
  auctionsCount: number;
  /** When the team on the clock must have nominated; null while an auction runs, when paused or not active. */
  nominationDeadline: string | null;
  /** While paused: the nomination clock's milliseconds left when the draft paused (null if none was running). */
  pausedNominationTimeLeftMs: number | null;
  createdAt?: string;
  startedAt?: string;
  completedAt?: string;
};

export function initialDraftState(): DraftState {
  return {
    exists: false,
    deleted: false,
    draftId: '',
    name: '',
    status: 'created',
    settings: { ...DEFAULT_DRAFT_SETTINGS },
    teamIds: [],
    teamOrder: [],
    currentRound: 0,
    currentTeamTurn: null,
    picks: [],
    auction: null,
    lastCompletedAuction: null,
    auctionsCount: 0,
    nominationDeadline: null,
    pausedNominationTimeLeftMs: null,
  };
}

/** Pure and total: returns a new state, never mutates `state` or `event`, and ignores unknown events. */
export function evolveDraft(state: DraftState, event: DraftEvent): DraftState {
  switch (event.type) {
    case 'DraftCreated': {
      const { draftId, name, settings, createdAt } = event.data;
      return { ...state, exists: true, draftId, name, settings: { ...settings }, createdAt };
    }
    case 'DraftUpdated': {
      const { name, settings } = event.data;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(settings !== undefined && { settings: { ...settings } }),
      };
    }
    case 'DraftTeamsAssigned':
      return { ...state, teamIds: [...event.data.teamIds] };
    case 'DraftStarted': {
      const { teamOrder, currentTeamTurn, currentRound, startedAt, teamsCount } = event.data;
      return {
        ...state,
        status: 'active',
        teamOrder: [...teamOrder],
        currentTeamTurn,
        currentRound,
        startedAt,
        settings: { ...state.settings, teamsCount },
      };
    }
    case 'PlayerSold':
      return { ...state, picks: [...state.picks, { ...event.data.pick }] };
    case 'DraftDeleted':
      // The picks travel in the event to the projections; the deleted draft holds none any more.
      return { ...state, deleted: true, picks: [] };
    default:
      // Streams outlive code: an event this version does not know leaves the state as it is.
      return state;
  }
}

/** Replays a stream: `events.reduce(evolve, initialState())`. */
export function foldDraft(events: readonly DraftEvent[]): DraftState {
  return events.reduce(evolveDraft, initialDraftState());
}
