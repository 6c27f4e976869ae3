import { plusSeconds } from './draft.clock.js';
import type { DraftEvent } from './draft.events.js';
import { draftTeamBudget } from './draft.standings.js';
import type { DraftState } from './draft.state.js';

export type NominationTurn = { teamId: string; round: number };

/**
 * The team that nominates after the one on the clock: the next by team number that can still buy, wrapping
 * around (a wrap starts a new round; the team on the clock itself comes last). Null when no team can buy.
 */
export function nextNominatingTeam(state: DraftState): NominationTurn | null {
  const { teamOrder, currentRound } = state;
  // A completed draft has nobody on the clock: a reopening goes on from the team that was on it at completion.
  const onClock = state.currentTeamTurn ?? state.lastTeamTurn ?? null;
  const from = onClock === null ? -1 : teamOrder.indexOf(onClock);
  for (let step = 1; step <= teamOrder.length; step += 1) {
    const index = from + step;
    const teamId = teamOrder[index % teamOrder.length]!;
    if (draftTeamBudget(state, teamId).canBuy) {
      return { teamId, round: currentRound + (index >= teamOrder.length ? 1 : 0) };
    }
  }
  return null;
}

/** After a sale (or a correction that left the team on the clock unable to buy): the turn passes, or the draft is complete. */
export function passTurn(state: DraftState, now: number, at: string): DraftEvent[] {
  const next = nextNominatingTeam(state);
  if (next === null) return [{ type: 'DraftCompleted', data: { completedAt: at } }];
  return [
    {
      type: 'NominationTurnPassed',
      data: {
        currentTeamTurn: next.teamId,
        currentRound: next.round,
        nominationDeadline:
          state.status === 'paused' ? null : plusSeconds(now, state.settings.nominationTimeLimit),
      },
    },
  ];
}

/**
 * After a correction: a completed draft in which a team can buy again reopens; between auctions, a team on the
 * clock that can no longer buy passes the turn (or the draft completes). Otherwise the turn and its clock stay:
 * a correction is not a nomination. With an auction open, its completion passes the turn.
 */
export function settleTurn(state: DraftState, now: number, at: string): DraftEvent[] {
  if (state.status === 'completed') {
    const next = nextNominatingTeam(state);
    if (next === null) return [];
    const reopened: DraftEvent = {
      type: 'DraftReopened',
      data: {
        reopenedAt: at,
        currentTeamTurn: next.teamId,
        currentRound: next.round,
        nominationDeadline: plusSeconds(now, state.settings.nominationTimeLimit),
      },
    };
    if (state.completedWhilePaused !== true) return [reopened];
    // Completed by a correction while paused: it reopens paused, the new team's clock frozen at its full length (as
    // a turn passed while paused), so the admin's pause holds whatever order the corrections came in.
    const nominationTimeLeftMs = state.settings.nominationTimeLimit * 1000;
    return [
      reopened,
      { type: 'DraftPaused', data: { pausedAt: at, auctionTimeLeftMs: null, nominationTimeLeftMs } },
    ];
  }
  if (state.status === 'created' || state.auction !== null) return [];
  if (state.currentTeamTurn !== null && draftTeamBudget(state, state.currentTeamTurn).canBuy) return [];
  return passTurn(state, now, at);
}
