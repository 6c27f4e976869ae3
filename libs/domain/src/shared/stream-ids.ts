/** One stream per draft and per team, as the event store names them. */
export const draftStreamId = (draftId: string): string => `draft-${draftId}`;

export const teamStreamId = (teamId: string): string => `team-${teamId}`;

/**
 * A stream's kind: `draft` for `draft-<id>`, `team` for `team-<id>`; `other` for an id without a kind before a dash,
 * so that a label or a cache keyed by kind stays small whatever ids it is given.
 */
export function streamKindOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : 'other';
}
