import { z } from 'zod';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Entity ids are UUIDs; anything else is rejected before it reaches the database. Parsed ids are lower case, as
 * PostgreSQL writes them: an id a client sent in upper case names the same draft, and so the same socket.io room
 * (room names are compared as strings), not a room of its own that hears nothing.
 */
export const idSchema = z
  .string({ error: 'Invalid id' })
  .regex(UUID_PATTERN, { error: 'Invalid id' })
  .toLowerCase();
export type Id = z.infer<typeof idSchema>;

export function isId(value: unknown): value is Id {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
