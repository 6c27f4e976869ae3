import type { AuditEvent, AuditEventsData } from '@auction/contracts';

/** The events whose data holds a team's private choice (ADR 0017, 0018). */
export const PRIVATE_EVENT_TYPES: readonly string[] = ['ProxyBidSet', 'NominationQueueSet'];

/**
 * Maximum bids are private (ADR 0017): admins read every one, a team's owner its own. Anyone else auditing the draft
 * sees that a team set or removed a maximum, never its amount, nor the event's salt: with it, the event's hash would
 * tell the amount to whoever tries each one.
 *
 * `hashesHiddenFrom`: the stream version of the first private event of another team written without a salt (by a
 * version before it), or null. Its hash gives its value away to whoever hashes each possible one, and so does every
 * later hash, which chains from it over content the viewer reads (a bid sent with an Idempotency-Key): from there on
 * no hash is shown. Verify still checks the whole chain.
 */
export function hideOthersMaxima(
  page: AuditEventsData,
  ownTeamIds: readonly string[],
  hashesHiddenFrom: number | null = null,
): AuditEventsData {
  return {
    ...page,
    events: page.events.map((event) => {
      const shown = hiddenUnlessOwn(event, ownTeamIds);
      return hashesHiddenFrom !== null && event.streamVersion >= hashesHiddenFrom
        ? { ...shown, hash: null }
        : shown;
    }),
  };
}

function hiddenUnlessOwn(event: AuditEvent, ownTeamIds: readonly string[]): AuditEvent {
  if (!PRIVATE_EVENT_TYPES.includes(event.type)) return event;
  // An object unless the row was rewritten with SQL (null, a list): then nothing of it can be told apart, none shows.
  const data: Record<string, unknown> =
    typeof event.data === 'object' && event.data !== null && !Array.isArray(event.data) ? event.data : {};
  const teamId = data['teamId'];
  if (typeof teamId === 'string' && ownTeamIds.includes(teamId)) return event;
  // A nomination queue is private like a maximum (docs/adr/0018): others see that it changed, not what it holds.
  if (event.type === 'NominationQueueSet') {
    const { playerIds: _queue, salt: _salt, ...others } = data;
    return { ...event, data: { ...others, playerIds: null } };
  }
  const { maxBid: _hidden, salt: _salt, ...rest } = data;
  return { ...event, data: { ...rest, maxBid: null } };
}
