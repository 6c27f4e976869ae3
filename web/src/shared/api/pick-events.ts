import { ServerEvents, type Pick } from '@auction/contracts';

interface PickLive {
  pick?: Pick;
}

/** The live events that change a draft's list of picks (docs/product.md §7.9 (Socket: server events)). */
export const PICK_EVENTS = [
  ServerEvents.pickMade,
  ServerEvents.playerAssigned,
  ServerEvents.pickUpdated,
  ServerEvents.pickUndone,
] as const;

/**
 * Applies one live pick event to a list of picks (pure). Undo removes that pick only and moves the later picks of
 * its draft up one number, as the server does, so the list matches without a reload. Shared by the picks page and the
 * draft board, which both keep a draft's picks live.
 *
 * A list keeps the server's order: one draft's picks (`draftId` given, GET /drafts/{id}/picks) in pick order, so a
 * new pick takes its number's place; the recent picks of every draft newest first, so it goes on top, and the list
 * stays the `limit` newest it was read as (the oldest leaves).
 */
export function applyPickEvent(
  picks: Pick[],
  event: string,
  payload: unknown,
  draftId?: string,
  limit?: number,
): Pick[] {
  const pick = (payload as PickLive | null)?.pick;
  if (!pick || (draftId !== undefined && pick.draftId !== draftId)) return picks;
  switch (event) {
    case ServerEvents.pickMade:
    case ServerEvents.playerAssigned:
      if (picks.some((known) => known._id === pick._id)) return picks;
      return draftId === undefined ? [pick, ...picks].slice(0, limit) : inPickOrder([...picks, pick]);
    case ServerEvents.pickUpdated:
      return picks.map((known) => (known._id === pick._id ? pick : known));
    case ServerEvents.pickUndone: {
      const removed = picks.find((known) => known._id === pick._id) ?? pick;
      return picks
        .filter((known) => known._id !== pick._id)
        .map((known) =>
          known.draftId === removed.draftId && known.pickNumber > removed.pickNumber
            ? { ...known, pickNumber: known.pickNumber - 1 }
            : known,
        );
    }
    default:
      return picks;
  }
}

function inPickOrder(picks: Pick[]): Pick[] {
  return picks.sort((a, b) => a.pickNumber - b.pickNumber);
}

/** Handlers for `streamLiveEvents` that keep a cached list of picks current. */
export function pickHandlers(
  update: (recipe: (picks: Pick[]) => Pick[] | void) => unknown,
  draftId?: string,
  limit?: number,
): Record<string, (payload: unknown) => void> {
  return Object.fromEntries(
    PICK_EVENTS.map((event) => [
      event,
      (payload: unknown) => update((picks) => applyPickEvent(picks, event, payload, draftId, limit)),
    ]),
  );
}
