import { PLAYER_POSITIONS, playerPositionSchema } from '@auction/contracts';
import { z } from 'zod';
import { loadBundledPlayers } from './bundled-dataset.js';
import { NFL_TEAM_NAMES } from './nfl-teams.js';
import {
  ProviderError,
  SLEEPER_IDS,
  providerPlayerSchema,
  type PlayerProvider,
  type ProviderPlayer,
} from './player-provider.js';
import { collectValidPlayers, type SourceRecord } from './validate-records.js';

export const SLEEPER_PROVIDER = 'sleeper';
/** A sync waits this long for Sleeper (connection, headers and the whole ~14 MB body). */
export const SLEEPER_TIMEOUT_MS = 20_000;
const LABEL = 'Sleeper';

/** The numbers /players/nfl does not carry; merged from the bundled dataset by provider id. */
export type Projections = ReadonlyMap<
  string,
  Pick<ProviderPlayer, 'projectedPoints' | 'adp' | 'auctionValue'>
>;

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : null));

/** The fields we use of one `GET /players/nfl` entry (the real one has ~50; see the recorded fixture). */
const sleeperPlayerSchema = z.object({
  player_id: z.string().optional(),
  position: playerPositionSchema,
  team: z.string({ error: 'team is missing' }),
  full_name: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  // Ranges are checked by providerPlayerSchema after mapping.
  number: z.number({ error: 'number must be a number' }).nullish(),
  age: z.number({ error: 'age must be a number' }).nullish(),
  status: optionalText,
  injury_status: optionalText,
});

function entrySchema(projections: Projections) {
  return z
    .object({ key: z.string(), record: sleeperPlayerSchema })
    .refine(({ key, record }) => record.player_id === undefined || record.player_id === key, {
      error: 'player_id differs from its key',
    })
    .transform(({ key, record }): z.input<typeof providerPlayerSchema> => {
      const projection = projections.get(key);
      return {
        provider: SLEEPER_IDS,
        providerId: key,
        name: nameOf(key, record),
        position: record.position,
        team: record.team,
        jerseyNumber: record.number ?? null,
        age: record.age ?? null,
        status: record.status,
        injuryStatus: record.injury_status,
        projectedPoints: projection?.projectedPoints ?? null,
        adp: projection?.adp ?? null,
        auctionValue: projection?.auctionValue ?? null,
      };
    })
    .pipe(providerPlayerSchema);
}

/** Defenses have full_name null and are keyed by team code: "City Nickname" from first/last name or our list. */
function nameOf(key: string, record: z.output<typeof sleeperPlayerSchema>): string {
  if (record.full_name) return record.full_name;
  if (record.first_name && record.last_name) return `${record.first_name} ${record.last_name}`;
  if (record.position === 'DEF') return NFL_TEAM_NAMES[record.team] ?? NFL_TEAM_NAMES[key] ?? '';
  return '';
}

const FANTASY_POSITIONS: ReadonlySet<unknown> = new Set(PLAYER_POSITIONS);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sleeper's `/players/nfl` answer → catalogue players. Only fantasy positions with an NFL team are kept (the
 * answer also lists linemen, defenders and free agents); of those, every record is validated.
 */
export function mapSleeperPlayers(payload: unknown, projections: Projections): ProviderPlayer[] {
  if (!isObject(payload) || Object.keys(payload).length === 0) {
    throw new ProviderError(
      `${LABEL}'s answer is not the expected shape (an object of players keyed by player id)`,
      SLEEPER_PROVIDER,
    );
  }
  const records: SourceRecord[] = [];
  for (const [key, record] of Object.entries(payload)) {
    // A record that is not an object at all is malformed; a lineman or a free agent is simply not ours.
    if (isObject(record) && !(FANTASY_POSITIONS.has(record['position']) && record['team'])) continue;
    records.push({ key, record: { key, record } });
  }
  return collectValidPlayers(records, entrySchema(projections), { provider: SLEEPER_PROVIDER, label: LABEL });
}

export async function bundledProjections(): Promise<Projections> {
  const players = await loadBundledPlayers();
  return new Map(
    players.map((player) => [
      player.providerId,
      { projectedPoints: player.projectedPoints, adp: player.adp, auctionValue: player.auctionValue },
    ]),
  );
}

export interface SleeperProviderOptions {
  /** e.g. https://api.sleeper.app/v1 (no trailing slash). */
  baseUrl: string;
  timeoutMs?: number;
  projections?: () => Promise<Projections>;
}

/** Sleeper's public API (no key; Sleeper asks for at most one /players/nfl call a day). */
export class SleeperPlayerProvider implements PlayerProvider {
  readonly name = SLEEPER_PROVIDER;
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly projections: () => Promise<Projections>;

  constructor(options: SleeperProviderOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/players/nfl`;
    this.timeoutMs = options.timeoutMs ?? SLEEPER_TIMEOUT_MS;
    this.projections = options.projections ?? bundledProjections;
  }

  async fetchPlayers(signal: AbortSignal): Promise<ProviderPlayer[]> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    let body: string;
    try {
      const response = await fetch(this.url, { signal: combined, headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError(
          `${LABEL} answered HTTP ${response.status} to GET ${this.url}`,
          SLEEPER_PROVIDER,
        );
      }
      body = await response.text();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (timeout.aborted) {
        throw new ProviderError(
          `${LABEL} did not answer within ${this.timeoutMs / 1000} s (GET ${this.url})`,
          SLEEPER_PROVIDER,
        );
      }
      if (signal.aborted) throw new ProviderError('The sync was cancelled', SLEEPER_PROVIDER);
      throw new ProviderError(`Could not reach ${LABEL} at ${this.url}: ${causeOf(error)}`, SLEEPER_PROVIDER);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      throw new ProviderError(`${LABEL} answered invalid JSON (GET ${this.url})`, SLEEPER_PROVIDER);
    }
    return mapSleeperPlayers(payload, await this.projections());
  }
}

/** fetch() fails with "fetch failed" and the real reason (ECONNREFUSED, ENOTFOUND …) in `cause`. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return (error as Error).message ?? String(error);
}
