import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { ProviderError, SLEEPER_IDS, providerPlayerSchema, type ProviderPlayer } from './player-provider.js';
import { collectValidPlayers, type SourceRecord } from './validate-records.js';

/**
 * services/api/assets/players/players.csv, resolved from this file: src/ and dist/ have the same layout below
 * services/api, so the path holds under Jest (src) and under node (dist). The build copies nothing; the assets stay
 * where they are (the Docker image keeps the whole services/api directory).
 */
export const BUNDLED_PLAYERS_CSV = new URL('../../../../assets/players/players.csv', import.meta.url);

export const BUNDLED_PROVIDER = 'bundled';
const LABEL = 'The bundled dataset';

/** Columns the catalogue needs; the file has more (see assets/players/SOURCES.md). */
export const REQUIRED_COLUMNS = [
  'provider_id',
  'name',
  'position',
  'team',
  'jersey_number',
  'age',
  'status',
  'injury_status',
  'projected_points',
  'adp',
  'auction_value',
] as const;

const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? null : value.trim()));

const number = text.transform((value, ctx) => {
  if (value === null) return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a number` });
    return z.NEVER;
  }
  return parsed;
});

/** One CSV row (all strings, empty = none) → a ProviderPlayer, validated. */
export const bundledRowSchema = z
  .object({
    provider_id: text,
    name: text,
    position: text,
    team: text,
    jersey_number: number,
    age: number,
    status: text,
    injury_status: text,
    projected_points: number,
    adp: number,
    auction_value: number,
  })
  .transform((row) => ({
    provider: SLEEPER_IDS,
    providerId: row.provider_id ?? '',
    name: row.name ?? '',
    position: row.position,
    team: row.team,
    jerseyNumber: row.jersey_number,
    age: row.age,
    status: row.status,
    injuryStatus: row.injury_status,
    projectedPoints: row.projected_points,
    adp: row.adp,
    auctionValue: row.auction_value,
  }))
  .pipe(providerPlayerSchema);

/** Parses the bundled CSV text into validated players (ProviderError when the file is not usable). */
export function parseBundledCsv(csv: string): ProviderPlayer[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(csv, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  } catch (error) {
    throw new ProviderError(`${LABEL} is not valid CSV: ${(error as Error).message}`, BUNDLED_PROVIDER);
  }
  const header = rows[0] ? Object.keys(rows[0]) : [];
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (rows.length > 0 && missing.length > 0) {
    throw new ProviderError(`${LABEL} lacks the columns ${missing.join(', ')}`, BUNDLED_PROVIDER);
  }
  // Line numbers as an editor shows them: the header is line 1.
  const records: SourceRecord[] = rows.map((record, index) => ({ key: `line ${index + 2}`, record }));
  return collectValidPlayers(records, bundledRowSchema, { provider: BUNDLED_PROVIDER, label: LABEL });
}

export async function loadBundledPlayers(csvUrl: URL = BUNDLED_PLAYERS_CSV): Promise<ProviderPlayer[]> {
  let csv: string;
  try {
    csv = await readFile(csvUrl, 'utf8');
  } catch (error) {
    throw new ProviderError(`${LABEL} could not be read: ${(error as Error).message}`, BUNDLED_PROVIDER);
  }
  return parseBundledCsv(csv);
}
