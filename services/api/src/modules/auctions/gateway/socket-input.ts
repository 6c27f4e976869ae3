import { SOCKET_PAYLOAD_MAX_BYTES, ServerEvents, firstIssueMessage } from '@auction/contracts';
import type { Socket } from 'socket.io';
import type { z } from 'zod';

export const PAYLOAD_TOO_LARGE = 'Message is too large';

/**
 * A client payload checked against its schema (and a size limit, before parsing anything): the parsed value, or
 * null after telling this socket only `error { message }` with the first broken rule.
 */
export function parseSocketInput<S extends z.ZodType>(
  socket: Socket,
  schema: S,
  payload: unknown,
): z.output<S> | null {
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(payload ?? null));
  } catch {
    size = Number.POSITIVE_INFINITY;
  }
  if (size > SOCKET_PAYLOAD_MAX_BYTES) {
    socket.emit(ServerEvents.error, { message: PAYLOAD_TOO_LARGE });
    return null;
  }
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  socket.emit(ServerEvents.error, { message: firstIssueMessage(parsed.error) });
  return null;
}
