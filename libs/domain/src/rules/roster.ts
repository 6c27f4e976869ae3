import { ROSTER_MAX } from './limits.js';

/** How many players a team may hold in a draft of `playersPerTeam`: never more than the roster maximum. */
export function rosterSize(playersPerTeam: number): number {
  return Math.min(playersPerTeam, ROSTER_MAX);
}

/** Slots a team holding `playerCount` players can still fill; 0 once full, never negative. */
export function openRosterSlots(playerCount: number, playersPerTeam: number): number {
  return Math.max(0, rosterSize(playersPerTeam) - playerCount);
}
