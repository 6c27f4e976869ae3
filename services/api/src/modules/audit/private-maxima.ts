import type { AuditEvent, AuditEventsData } from '@auction/contracts';

/**
 * Maximum bids are private (ADR 0017): admins read every one, a team's owner its own. Anyone else auditing the draft
 * sees that a team set or removed a maximum, never its amount, nor the event's salt: with it, the event's hash would
 * tell the amount to whoever tries each one.
 */
export function hideOthersMaxima(page: AuditEventsData, ownTeamIds: readonly string[]): AuditEventsData {
  return { ...page, events: page.events.map((event) => hiddenUnlessOwn(event, ownTeamIds)) };
}

function hiddenUnlessOwn(event: AuditEvent, ownTeamIds: readonly string[]): AuditEvent {
  if (event.type !== 'ProxyBidSet' && event.type !== 'NominationQueueSet') return event;
  const teamId = event.data['teamId'];
  if (typeof teamId === 'string' && ownTeamIds.includes(teamId)) return event;
  // A nomination queue is private like a maximum (docs/adr/0018): others see that it changed, not what it holds.
  if (event.type === 'NominationQueueSet') {
    const { playerIds: _queue, salt: _salt, ...others } = event.data;
    return { ...event, data: { ...others, playerIds: null } };
  }
  const { maxBid: _hidden, salt: _salt, ...rest } = event.data;
  return { ...event, data: { ...rest, maxBid: null } };
}
