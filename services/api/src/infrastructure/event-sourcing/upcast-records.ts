import { isTeamEvent, upcastDraftEvent, type DraftEvent, type TeamEvent } from '@auction/domain';
import type { RecordedEvent } from '@auction/event-store';
import type { UpcastRecord } from './projection.js';

export type LeagueEvent = DraftEvent | TeamEvent;

/**
 * Stored records → upcast records for the projections: draft events through the domain's upcaster (the one the
 * decider's state load and the audit use), team events as they are (their shape never changed). Records of types
 * this version does not know are left out.
 */
export function upcastRecords(recorded: readonly RecordedEvent[]): UpcastRecord<LeagueEvent>[] {
  const upcast: UpcastRecord<LeagueEvent>[] = [];
  for (const record of recorded) {
    const team = { type: record.type, data: record.data } as TeamEvent;
    const event = isTeamEvent(team) ? team : upcastDraftEvent(record);
    if (event === null) continue;
    const { streamId, streamVersion, globalPosition, recordedAt } = record;
    upcast.push({ event, streamId, streamVersion, globalPosition, recordedAt });
  }
  return upcast;
}
