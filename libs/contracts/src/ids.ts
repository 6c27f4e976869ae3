import { z } from 'zod';
import { missingOrWrongType } from './text.js';

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

/**
 * A required id field of a body or socket payload, named when it is missing: `{}` answers `Team is required`, not
 * `Invalid id`, which would send the caller looking for a bad value they never sent. Absent, null and an empty string
 * (a form left on its placeholder) are missing; any other value that is not a UUID is `Invalid id`, as in paths.
 */
export const requiredIdSchema = (label: string) =>
  z
    .string({ error: missingOrWrongType(requiredIdMessage(label), 'Invalid id') })
    .min(1, { error: requiredIdMessage(label), abort: true })
    .regex(UUID_PATTERN, { error: 'Invalid id' })
    .toLowerCase();

export const requiredIdMessage = (label: string) => `${label} is required`;

export function isId(value: unknown): value is Id {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
