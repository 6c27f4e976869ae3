import { z } from 'zod';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entity ids are UUIDs; anything else is rejected before it reaches the database. */
export const idSchema = z.string({ error: 'Invalid id' }).regex(UUID_PATTERN, { error: 'Invalid id' });
export type Id = z.infer<typeof idSchema>;

export function isId(value: unknown): value is Id {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
