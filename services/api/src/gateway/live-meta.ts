/** Where a live event comes from in the log: its global position and its draft stream version. */
export interface LogPlace {
  globalPosition: number;
  streamVersion: number;
}

/**
 * What every live event carries: its draft, its place in the log (position as text, stream version; both null for
 * events outside the log such as chat and presence) and the server's time.
 */
export function liveMeta(draftId: string, place: LogPlace | null, now: number) {
  return {
    draftId,
    position: place === null ? null : String(place.globalPosition),
    version: place === null ? null : place.streamVersion,
    serverTime: new Date(now).toISOString(),
  };
}
