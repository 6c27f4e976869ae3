import { z } from 'zod';

export const healthDataSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type HealthData = z.infer<typeof healthDataSchema>;

/** An asynchronous projection's checkpoint (ADR 0022): the last global position applied, events still to apply. */
export const projectionLagSchema = z.object({
  name: z.string(),
  position: z.number().int().min(0),
  lag: z.number().int().min(0),
});
export type ProjectionLagData = z.infer<typeof projectionLagSchema>;

export const statusDataSchema = z.object({
  version: z.string(),
  environment: z.string(),
  uptimeSeconds: z.number(),
  serverTime: z.string(),
  counts: z.object({
    users: z.number().int(),
    teams: z.number().int(),
    drafts: z.number().int(),
    activeDrafts: z.number().int(),
    completedDrafts: z.number().int(),
  }),
  eventLog: z.object({ events: z.number().int(), lastPosition: z.number().int() }),
  /** The asynchronous projections (inline ones commit with the events and never lag). */
  projections: z.array(projectionLagSchema),
});
export type StatusData = z.infer<typeof statusDataSchema>;
