import { TeamChanges } from '../team-changes.js';

/**
 * A TeamChanges that publishes nowhere (unit tests of the caches): drive it as its subscriber would, with
 * `onMessage`, `onSubscribed` and `onUnsubscribed`. Starts subscribed, as a running instance is.
 */
export function unitTeamChanges(publish: (channel: string, text: string) => Promise<number> = async () => 1) {
  const changes = new TeamChanges({ publish } as never, 'auction:unit:', { redisUrl: 'redis://unused' });
  changes.onSubscribed();
  return changes;
}

/** What a change message looks like on the channel. */
export const changeMessage = (change: { teamIds?: string[]; userIds?: string[] }) =>
  JSON.stringify({ teamIds: change.teamIds ?? [], userIds: change.userIds ?? [] });
