import { isDraftEvent, type DraftEvent } from './draft.events.js';
import { withDefaultClocks } from './draft.settings.js';
import type { Pick } from './draft.types.js';
import { legacyPickId } from './legacy-pick-id.js';

const DRAFT_STREAM_PREFIX = 'draft-';

/** An event as the log stores it, with what an old shape needs to be completed. */
export interface StoredDraftEvent {
  streamId: string;
  type: string;
  data: unknown;
  /** When it was recorded (ISO or Date): the time of a pick stored before picks carried one. */
  recordedAt?: Date | string;
}

/** The draft id a draft stream belongs to (`draft-<id>`, see draftStreamId). */
export function draftIdOfStream(streamId: string): string {
  if (!streamId.startsWith(DRAFT_STREAM_PREFIX)) throw new TypeError(`not a draft stream: ${streamId}`);
  return streamId.slice(DRAFT_STREAM_PREFIX.length);
}

/** A pick as stored: the first picks had no id, no source and no time. */
type StoredPick = Omit<Pick, 'pickId' | 'source' | 'pickedAt'> & Partial<Pick>;

/**
 * THE upcaster of draft events: every shape the log holds → the current shape, so deciders, projections and the
 * audit read one shape and no code casts for old ones. The stored shapes (from the history of draft.events.ts and
 * draft.types.ts):
 * - picks (PlayerSold, KeeperAdded, KeeperRemoved, PickUndone, PickUpdated's pick and previous, DraftDeleted's
 *   releasedPicks) without `pickId` (→ legacyPickId of the draft and pick number), `source` (→ 'auction', the only
 *   source then) or `pickedAt` (→ the time the event was recorded);
 * - settings (DraftCreated, DraftUpdated) without the clocks (→ the default clocks);
 * - DraftStarted without `nominationDeadline` and BidPlaced without `proxy` are current shapes (optional fields).
 * An event already in the current shape is returned as is (no copy): the fold's hot path pays one check.
 * Not a draft event type (another stream's, or one this version does not know): null.
 */
export function upcastDraftEvent(stored: StoredDraftEvent): DraftEvent | null {
  const event = { type: stored.type, data: stored.data } as DraftEvent;
  if (!isDraftEvent(event)) return null;
  const picks = (pick: StoredPick): Pick => upcastPick(pick, stored);
  switch (event.type) {
    case 'DraftCreated':
      return hasClocks(event.data.settings)
        ? event
        : { type: event.type, data: { ...event.data, settings: withDefaultClocks(event.data.settings) } };
    case 'DraftUpdated':
      return event.data.settings === undefined || hasClocks(event.data.settings)
        ? event
        : { type: event.type, data: { ...event.data, settings: withDefaultClocks(event.data.settings) } };
    case 'PlayerSold':
    case 'KeeperAdded':
      return isCurrentPick(event.data.pick)
        ? event
        : ({ type: event.type, data: { ...event.data, pick: picks(event.data.pick) } } as DraftEvent);
    case 'PickUndone':
    case 'KeeperRemoved':
      return isCurrentPick(event.data.pick)
        ? event
        : ({ type: event.type, data: { ...event.data, pick: picks(event.data.pick) } } as DraftEvent);
    case 'PickUpdated': {
      const { pick, previous } = event.data;
      return isCurrentPick(pick) && isCurrentPick(previous)
        ? event
        : { type: event.type, data: { ...event.data, pick: picks(pick), previous: picks(previous) } };
    }
    case 'DraftDeleted':
      return event.data.releasedPicks.every(isCurrentPick)
        ? event
        : { type: event.type, data: { ...event.data, releasedPicks: event.data.releasedPicks.map(picks) } };
    default:
      return event;
  }
}

function hasClocks(settings: object): boolean {
  const given = settings as Record<string, unknown>;
  return (
    given['auctionTimeLimit'] !== undefined &&
    given['bidTimeReset'] !== undefined &&
    given['nominationTimeLimit'] !== undefined
  );
}

function isCurrentPick(pick: StoredPick): boolean {
  return pick.pickId !== undefined && pick.source !== undefined && pick.pickedAt !== undefined;
}

function upcastPick(pick: StoredPick, stored: StoredDraftEvent): Pick {
  if (isCurrentPick(pick)) return pick as Pick;
  return {
    ...pick,
    pickId: pick.pickId ?? legacyPickId(draftIdOfStream(stored.streamId), pick.pickNumber),
    source: pick.source ?? 'auction',
    pickedAt: pick.pickedAt ?? recordedIso(stored),
  };
}

function recordedIso(stored: StoredDraftEvent): string {
  if (stored.recordedAt === undefined) {
    throw new TypeError(`a ${stored.type} pick without pickedAt needs the time the event was recorded`);
  }
  return typeof stored.recordedAt === 'string' ? stored.recordedAt : stored.recordedAt.toISOString();
}
