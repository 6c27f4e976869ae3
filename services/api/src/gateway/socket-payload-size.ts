import { SOCKET_PAYLOAD_MAX_BYTES } from '@auction/contracts';

export const PAYLOAD_TOO_LARGE = 'Message is too large';

/** Over SOCKET_PAYLOAD_MAX_BYTES as JSON (or not serialisable): answered PAYLOAD_TOO_LARGE before anything is parsed. */
export function isOversizeSocketPayload(payload: unknown): boolean {
  try {
    return Buffer.byteLength(JSON.stringify(payload ?? null)) > SOCKET_PAYLOAD_MAX_BYTES;
  } catch {
    return true;
  }
}
