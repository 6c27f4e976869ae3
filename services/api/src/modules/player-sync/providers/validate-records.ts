import type { z } from 'zod';
import { ProviderError, providerPlayerSchema, type ProviderPlayer } from './player-provider.js';

/** More invalid records than this share means the feed is broken, not that a few players are odd. */
export const MAX_INVALID_SHARE = 0.1;

export interface SourceRecord {
  /** Where the record came from, for the error message: a player id or a CSV line. */
  key: string;
  record: unknown;
}

/**
 * Validates every source record with `schema` (a zod schema that maps one source record to a ProviderPlayer).
 * Invalid records are dropped while they stay a small minority (at most 10 %); more than that, or no valid record
 * at all, throws a ProviderError, so a broken feed never replaces a good pool.
 */
export function collectValidPlayers(
  records: readonly SourceRecord[],
  schema: z.ZodType<ProviderPlayer, unknown>,
  source: { provider: string; label: string },
): ProviderPlayer[] {
  const players: ProviderPlayer[] = [];
  const problems: string[] = [];
  for (const { key, record } of records) {
    const parsed = schema.safeParse(record);
    if (parsed.success) players.push(parsed.data);
    else problems.push(`${key}: ${firstIssue(parsed.error)}`);
  }
  if (players.length === 0) {
    const why = problems.length > 0 ? ` (${problems.length} invalid records, e.g. ${problems[0]})` : '';
    throw new ProviderError(`${source.label} returned no usable players${why}`, source.provider);
  }
  if (problems.length > records.length * MAX_INVALID_SHARE) {
    throw new ProviderError(
      `${source.label} returned malformed data: ${problems.length} of ${records.length} player records are ` +
        `invalid (e.g. ${problems.slice(0, 3).join('; ')})`,
      source.provider,
    );
  }
  return players;
}

/**
 * The sync's own check of whatever a provider answered (providers are pluggable; the writer trusts only this):
 * every player valid, no provider id twice (one upsert cannot touch a row twice), at least one player.
 */
export function checkCatalogue(players: readonly unknown[], provider: string): ProviderPlayer[] {
  const checked: ProviderPlayer[] = [];
  const seen = new Set<string>();
  for (const [index, candidate] of players.entries()) {
    const parsed = providerPlayerSchema.safeParse(candidate);
    if (!parsed.success) {
      throw new ProviderError(`Player ${index + 1} is invalid: ${firstIssue(parsed.error)}`, provider);
    }
    const key = `${parsed.data.provider}/${parsed.data.providerId}`;
    if (seen.has(key)) throw new ProviderError(`Player id ${key} appears twice`, provider);
    seen.add(key);
    checked.push(parsed.data);
  }
  if (checked.length === 0) throw new ProviderError('The provider returned no players', provider);
  return checked;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  // Our messages name their field; zod's defaults ("Invalid input: expected string …") do not.
  const field = issue.path.filter((part) => part !== 'record').join('.');
  return field && issue.message.startsWith('Invalid') ? `${field}: ${issue.message}` : issue.message;
}
