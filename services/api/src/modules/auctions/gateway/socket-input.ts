import { ServerEvents, firstIssueMessage } from '@auction/contracts';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { isOversizeSocketPayload, PAYLOAD_TOO_LARGE } from '../../../gateway/index.js';

export { PAYLOAD_TOO_LARGE };

/**
 * A client payload checked against its schema (and a size limit, before parsing anything): the parsed value, or
 * null after telling this socket only `error { message }` with the first broken rule.
 */
export function parseSocketInput<S extends z.ZodType>(
  socket: Socket,
  schema: S,
  payload: unknown,
): z.output<S> | null {
  if (isOversizeSocketPayload(payload)) {
    socket.emit(ServerEvents.error, { message: PAYLOAD_TOO_LARGE });
    return null;
  }
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  socket.emit(ServerEvents.error, { message: firstIssueMessage(parsed.error) });
  return null;
}
