/** A bid counts as "last-second" when at most this much time was left on the auction's clock. */
export const LAST_SECONDS_MS = 3_000;

/** Raw counts as the store aggregates them. */
export interface OpsAggregates {
  draftsByStatus: Record<string, number>;
  bids: { total: number; lastMinute: number; lastFiveMinutes: number; lastSecond: number; judged: number };
  /** Bids per minute for the last 30 minutes, oldest first, as {minute start ISO, bids}. */
  bidsPerMinuteSeries: { minute: string; bids: number }[];
  auctions: { completed: number; averageLengthMs: number | null };
  relay: RelayPosition | null;
  consumer: { partitions: PartitionLag[]; measuredAt: string } | null;
}

export interface RelayPosition {
  relayedPosition: number;
  newestPosition: number;
  eventsBehind: number;
  oldestUnrelayedAt: string | null;
  checkpointUpdatedAt: string | null;
}

export interface PartitionLag {
  partition: number;
  highWatermark: number;
  committedOffset: number | null;
  lag: number;
}

/** What GET /ops/figures answers. */
export interface OpsFigures {
  generatedAt: string;
  activeDrafts: number;
  draftsByStatus: Record<string, number>;
  bidsPerMinute: {
    lastMinute: number;
    lastFiveMinutesAverage: number;
    series: { minute: string; bids: number }[];
  };
  bids: number;
  averageAuctionLengthMs: number | null;
  completedAuctions: number;
  lastSecondBids: { windowMs: number; count: number; ofBids: number; share: number | null };
  relayLag: {
    events: number;
    relayedPosition: number;
    newestPosition: number;
    /** Age of the oldest event not yet relayed: how far behind in time (0 when caught up). */
    ms: number;
    checkpointUpdatedAt: string | null;
  } | null;
  consumerLag: { messages: number; partitions: PartitionLag[]; measuredAt: string } | null;
}

export function summariseFigures(aggregates: OpsAggregates, now: Date): OpsFigures {
  const { bids, relay, consumer } = aggregates;
  return {
    generatedAt: now.toISOString(),
    activeDrafts: aggregates.draftsByStatus['active'] ?? 0,
    draftsByStatus: aggregates.draftsByStatus,
    bidsPerMinute: {
      lastMinute: bids.lastMinute,
      lastFiveMinutesAverage: bids.lastFiveMinutes / 5,
      series: aggregates.bidsPerMinuteSeries,
    },
    bids: bids.total,
    averageAuctionLengthMs: aggregates.auctions.averageLengthMs,
    completedAuctions: aggregates.auctions.completed,
    lastSecondBids: {
      windowMs: LAST_SECONDS_MS,
      count: bids.lastSecond,
      ofBids: bids.judged,
      share: bids.judged === 0 ? null : bids.lastSecond / bids.judged,
    },
    relayLag: relay && {
      events: relay.eventsBehind,
      relayedPosition: relay.relayedPosition,
      newestPosition: relay.newestPosition,
      ms: relay.oldestUnrelayedAt ? Math.max(0, now.getTime() - Date.parse(relay.oldestUnrelayedAt)) : 0,
      checkpointUpdatedAt: relay.checkpointUpdatedAt,
    },
    consumerLag: consumer && {
      messages: consumer.partitions.reduce((sum, p) => sum + p.lag, 0),
      partitions: consumer.partitions,
      measuredAt: consumer.measuredAt,
    },
  };
}

/**
 * Per partition: the high-water mark minus the group's committed offset. A partition the group never
 * committed counts from its low-water mark (everything still there is unread).
 */
export function computeConsumerLag(
  offsets: { partition: number; high: number; low: number }[],
  committed: Map<number, number>,
): PartitionLag[] {
  return offsets
    .map(({ partition, high, low }) => {
      const offset = committed.get(partition);
      const from = offset === undefined || offset < 0 ? low : offset;
      const committedOffset = offset === undefined || offset < 0 ? null : offset;
      return { partition, highWatermark: high, committedOffset, lag: Math.max(0, high - from) };
    })
    .sort((a, b) => a.partition - b.partition);
}

/** The consumer measures its lag every 5 s; no measurement for this long means it is not running. */
export const CONSUMER_STALE_AFTER_MS = 30_000;

/** Whether the ops consumer measured its lag recently (its heartbeat). */
export function isConsumerRunning(aggregates: Pick<OpsAggregates, 'consumer'>, now: Date): boolean {
  const measuredAt = aggregates.consumer?.measuredAt;
  return measuredAt !== undefined && now.getTime() - Date.parse(measuredAt) <= CONSUMER_STALE_AFTER_MS;
}
