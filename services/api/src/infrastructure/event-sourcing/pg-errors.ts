const UNIQUE_VIOLATION = '23505';

/** Whether `error` is PostgreSQL refusing a row because of the named unique index or constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown } | null;
  return pgError?.code === UNIQUE_VIOLATION && pgError.constraint === constraint;
}
