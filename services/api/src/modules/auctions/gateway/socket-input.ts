import { ServerEvents, firstIssueMessage } from '@auction/contracts';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { isOversizeSocketPayload, PAYLOAD_TOO_LARGE } from '../../../gateway/index.js';

export { PAYLOAD_TOO_LARGE };

/** A client payload read: its parsed value, or the message this socket was told (`error { message }`). */
export type SocketInput<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A client payload checked against its schema (and a size limit, before parsing anything): the parsed value, or
 * null after telling this socket only `error { message }` with the first broken rule.
 */
export function parseSocketInput<S extends z.ZodType>(
  socket: Socket,
  schema: S,
  payload: unknown,
): z.output<S> | null {
  const input = readSocketInput(socket, schema, payload);
  return input.ok ? input.value : null;
}

/** parseSocketInput that also hands back the refusal's message (a handler that acknowledges refusals needs it). */
export function readSocketInput<S extends z.ZodType>(
  socket: Socket,
  schema: S,
  payload: unknown,
): SocketInput<z.output<S>> {
  const parsed = isOversizeSocketPayload(payload) ? null : schema.safeParse(payload);
  if (parsed?.success) return { ok: true, value: parsed.data };
  const message = parsed ? firstIssueMessage(parsed.error) : PAYLOAD_TOO_LARGE;
  socket.emit(ServerEvents.error, { message });
  return { ok: false, message };
}
