import { DomainError } from '@auction/domain';

/** A decider's refusal (also when it crossed a module boundary as a plain error carrying its kind). */
export function isDomainError(error: unknown): boolean {
  if (error instanceof DomainError) return true;
  const kind = (error as { kind?: unknown } | null)?.kind;
  return error instanceof Error && typeof kind === 'string';
}
