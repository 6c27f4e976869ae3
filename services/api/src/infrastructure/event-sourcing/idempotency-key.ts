import { AsyncLocalStorage } from 'node:async_hooks';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@auction/contracts';
import { ValidationError } from '@auction/domain';

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
