import type { Event } from '../shared/decider.js';

export type TeamCreated = Event<'TeamCreated', { teamId: string; name: string; teamNumber: number }>;

/** Carries only what changed. */
export type TeamUpdated = Event<'TeamUpdated', { name?: string; teamNumber?: number }>;

export type TeamOwnerAssigned = Event<
  'TeamOwnerAssigned',
  { userId: string; username: string; previousOwnerId: string | null }
>;

export type TeamDeleted = Event<'TeamDeleted', { teamId: string }>;

export type TeamEvent = TeamCreated | TeamUpdated | TeamOwnerAssigned | TeamDeleted;

// A record, so the compiler fails when an event type is added to the union but not listed here.
const teamEventTypeSet: Record<TeamEvent['type'], true> = {
  TeamCreated: true,
  TeamUpdated: true,
  TeamOwnerAssigned: true,
  TeamDeleted: true,
};

export const TEAM_EVENT_TYPES = Object.freeze(Object.keys(teamEventTypeSet) as TeamEvent['type'][]);

/** Whether a stored `{ type, data }` record is one of the team stream's events. */
export function isTeamEvent(event: { type: string }): event is TeamEvent {
  return Object.hasOwn(teamEventTypeSet, event.type);
}
