import {
  PLAYER_POSITIONS,
  type Player,
  type PlayerPosition,
  type PlayerStatsSummary,
} from '@auction/contracts';

/** A `players` row as node-postgres gives it: numeric columns arrive as strings, to keep their precision. */
export interface PlayerRow {
  id: string;
  provider: string;
  provider_id: string;
  name: string;
  position: string;
  team: string | null;
  jersey_number: number | null;
  age: number | null;
  status: string | null;
  injury_status: string | null;
  projected_points: string | null;
  adp: string | null;
  auction_value: string | null;
  cost: number | null;
  is_drafted: boolean;
  drafted_by_team_id: string | null;
  draft_id: string | null;
  updated_at: Date;
}

/** A numeric column's text ("307.9") as a number; null stays null. */
export function numericOrNull(value: string | number | null): number | null {
  if (value === null) return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) throw new TypeError(`not a number: ${String(value)}`);
  return parsed;
}

/** The wire shape of a player (contracts' playerSchema). `playerId` is the provider id, as picks store it. */
export function toPlayerJson(row: PlayerRow): Player {
  return {
    _id: row.id,
    provider: row.provider,
    providerId: row.provider_id,
    playerId: row.provider_id,
    name: row.name,
    // The table's CHECK constraint allows only these.
    position: row.position as PlayerPosition,
    team: row.team,
    jerseyNumber: row.jersey_number,
    age: row.age,
    status: row.status,
    injuryStatus: row.injury_status,
    projectedPoints: numericOrNull(row.projected_points),
    adp: numericOrNull(row.adp),
    auctionValue: numericOrNull(row.auction_value),
    cost: row.cost,
    isDrafted: row.is_drafted,
    draftedByTeamId: row.drafted_by_team_id,
    draftId: row.draft_id,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One row of the stats query: a position, or (position null) the whole pool. Averages are numeric text. */
export interface PlayerStatsRow {
  position: string | null;
  total: number;
  drafted: number;
  average_projected_points: string | null;
  average_adp: string | null;
  average_cost: string | null;
  last_synced_at: Date | null;
}

/** Rounded to `decimals` places; null (no value to average) stays null. */
export function roundedAverage(value: string | null, decimals: number): number | null {
  const parsed = numericOrNull(value);
  if (parsed === null) return null;
  const factor = 10 ** decimals;
  return Math.round(parsed * factor) / factor;
}

/**
 * The stats summary (contracts' playerStatsSummarySchema): every position in the contracts' order, with zeros
 * for a position without players. Points and ADP averages to one decimal (their own precision), costs to cents.
 * `averageCost` is over drafted players only: an undrafted player has no cost.
 */
export function toStatsSummary(rows: readonly PlayerStatsRow[]): PlayerStatsSummary {
  const overall = rows.find((row) => row.position === null);
  const byPosition = PLAYER_POSITIONS.map((position) => {
    const row = rows.find((candidate) => candidate.position === position);
    return {
      position,
      total: row?.total ?? 0,
      drafted: row?.drafted ?? 0,
      available: (row?.total ?? 0) - (row?.drafted ?? 0),
      averageProjectedPoints: roundedAverage(row?.average_projected_points ?? null, 1),
      averageAdp: roundedAverage(row?.average_adp ?? null, 1),
      averageCost: roundedAverage(row?.average_cost ?? null, 2),
    };
  });
  const total = overall?.total ?? 0;
  const drafted = overall?.drafted ?? 0;
  return {
    total,
    drafted,
    available: total - drafted,
    averageProjectedPoints: roundedAverage(overall?.average_projected_points ?? null, 1),
    averageCost: roundedAverage(overall?.average_cost ?? null, 2),
    byPosition,
    lastSyncedAt: overall?.last_synced_at?.toISOString() ?? null,
  };
}
