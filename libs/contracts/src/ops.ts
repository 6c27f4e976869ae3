import { z } from 'zod';
import { projectionLagSchema } from './system.js';

const count = z.number().int().min(0);

export const opsPartitionLagSchema = z.object({
  partition: z.number().int(),
  highWatermark: z.number().int(),
  committedOffset: z.number().int().nullable(),
  lag: count,
});

/**
 * `GET /api/ops/figures` and the `opsFigures` socket event (admins): the ops consumer's figures (ADR 0010) read from
 * its tables. `kafkaEnabled` says whether the API was given `KAFKA_BROKERS`; `consumerRunning` whether the ops
 * consumer measured its lag in the last 30 s. Without them every count is 0 and both lags are null.
 */
export const opsFiguresSchema = z.object({
  generatedAt: z.string(),
  kafkaEnabled: z.boolean(),
  consumerRunning: z.boolean(),
  activeDrafts: count,
  draftsByStatus: z.record(z.string(), count),
  bidsPerMinute: z.object({
    lastMinute: count,
    lastFiveMinutesAverage: z.number().min(0),
    /** The last 30 minutes, oldest first. */
    series: z.array(z.object({ minute: z.string(), bids: count })),
  }),
  bids: count,
  averageAuctionLengthMs: z.number().min(0).nullable(),
  completedAuctions: count,
  lastSecondBids: z.object({
    windowMs: count,
    count,
    ofBids: count,
    share: z.number().min(0).max(1).nullable(),
  }),
  relayLag: z
    .object({
      events: count,
      relayedPosition: count,
      newestPosition: count,
      ms: count,
      checkpointUpdatedAt: z.string().nullable(),
    })
    .nullable(),
  consumerLag: z
    .object({ messages: count, partitions: z.array(opsPartitionLagSchema), measuredAt: z.string() })
    .nullable(),
  /** The API's asynchronous projections and how far behind the log each is (ADR 0022). */
  projectionLag: z.array(projectionLagSchema),
});
export type OpsFiguresData = z.infer<typeof opsFiguresSchema>;

/** How often the API pushes `opsFigures` to admin sockets. */
export const OPS_FIGURES_PUSH_INTERVAL_MS = 5_000;
