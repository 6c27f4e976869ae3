import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@auction/contracts';
import { ValidationError } from '@auction/domain';
import type { Actor } from './actor.js';

/** The header REST clients send the key in (case-insensitive, as every HTTP header). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

type Scope = { key: string; taken: boolean };

const scopes = new AsyncLocalStorage<Scope | undefined>();

/** The key as sent, or undefined when none was sent; a key that is not 1 to 200 printable characters is refused. */
export function parseIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(IDEMPOTENCY_KEY_MESSAGE);
  return parsed.data;
}

/**
 * Runs `work` with the client's idempotency key in scope (ADR 0020): the first command it appends claims the key, so a
 * retry answers the first outcome and appends nothing. Without a key nothing is claimed and no es_commands row is
 * written.
 */
export function withIdempotencyKey<T>(key: string | undefined, work: () => T): T {
  return scopes.run(key === undefined ? undefined : { key, taken: false }, work);
}

/**
 * The key of the current request, once: only the request's own command claims it, not a command a commit hook runs
 * on its behalf afterwards.
 */
export function takeIdempotencyKey(): string | undefined {
  const scope = scopes.getStore();
  if (!scope || scope.taken) return undefined;
  scope.taken = true;
  return scope.key;
}

/**
 * Gives the key back to the request's scope, for a command that took it and appended nothing, and is run again
 * (a bid judged once more after earlier arrivals): the second run claims it as the first would have.
 */
export function releaseIdempotencyKey(): void {
  const scope = scopes.getStore();
  if (scope) scope.taken = false;
}

/**
 * The id of an entity a command creates (a draft, a team). With a client's key in scope it is derived from the kind,
 * the actor and the key, so a retried create names the same stream and answers the first outcome instead of creating
 * a twin (a random id per attempt made every retry a new stream, out of the key's reach). A UUID of version 8.
 */
export function newEntityId(kind: string, actor: Actor): string {
  const scope = scopes.getStore();
  if (!scope) return randomUUID();
  const hex = createHash('sha256')
    .update(`${kind}\u0000${actor === 'system' ? 'system' : actor.id}\u0000${scope.key}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
