import type { ApiEnvelope } from '@auction/contracts';

export type { ApiEnvelope };

/** The success envelope every controller returns: `return ok('Teams retrieved', { teams })`. */
export function ok<T>(message: string, data: T): ApiEnvelope<T> {
  return { success: true, message, data };
}

/** The failure envelope; only the global exception filter (and health's 503) build it. */
export function fail<T = null>(message: string, data: T = null as T): ApiEnvelope<T> {
  return { success: false, message, data };
}
