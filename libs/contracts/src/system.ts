import { z } from 'zod';

export const healthDataSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type HealthData = z.infer<typeof healthDataSchema>;

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
});
export type StatusData = z.infer<typeof statusDataSchema>;
