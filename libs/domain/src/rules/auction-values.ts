import { MIN_BID, POSITIONS, ROSTER_MAX, type Position } from './limits.js';

/**
 * Auction values (docs/adr/0019-auction-values.md): what each player is worth in one draft's dollars, from
 * projections. Value over a replacement level per position, the league's dollars above $1 a slot split by that
 * share, then scaled by inflation as players are sold.
 */

/**
 * Starters per position on a full roster of ROSTER_MAX (20): 17 starters and 3 bench. The bench earns only the
 * $1 floor: a bench player is, by definition, not above the replacement level.
 */
export const STARTERS_PER_FULL_ROSTER: Readonly<Record<Position, number>> = Object.freeze({
  QB: 2,
  RB: 5,
  WR: 6,
  TE: 2,
  K: 1,
  DEF: 1,
});

export interface ValuedPlayerInput {
  playerId: string;
  position: Position;
  /** null (no projection) counts as 0 points. */
  projectedPoints: number | null;
}

export interface AuctionValueSettings {
  teamsCount: number;
  playersPerTeam: number;
  budgetPerTeam: number;
}

export interface SoldPick {
  playerId: string;
  cost: number;
}

export interface PlayerAuctionValue {
  playerId: string;
  position: Position;
  /** Whole dollars before any sale. */
  preDraftValue: number;
  /** Whole dollars now: the pre-draft value scaled by inflation; a sold player keeps its pre-draft value. */
  auctionValue: number;
  sold: boolean;
}

export interface AuctionValues {
  /** Money left above $1 per open slot, over the value above $1 still on the board; 1 before any sale. */
  inflation: number;
  players: PlayerAuctionValue[];
}

/** A shorter roster keeps the same mix, rounded down, so starters never exceed the roster. */
export function startersPerPosition(playersPerTeam: number): Record<Position, number> {
  const scale = Math.min(1, playersPerTeam / ROSTER_MAX);
  const starters = {} as Record<Position, number>;
  for (const position of POSITIONS)
    starters[position] = Math.floor(STARTERS_PER_FULL_ROSTER[position] * scale);
  return starters;
}

function points(player: ValuedPlayerInput): number {
  return player.projectedPoints ?? 0;
}

/** Value over replacement: points above the (teams × starters + 1)-th best player of the position, never below 0. */
function valuesOverReplacement(
  players: readonly ValuedPlayerInput[],
  settings: AuctionValueSettings,
): Map<string, number> {
  const starters = startersPerPosition(settings.playersPerTeam);
  const vor = new Map<string, number>();
  for (const position of POSITIONS) {
    const ranked = players.filter((p) => p.position === position).sort((a, b) => points(b) - points(a));
    const replacementIndex = settings.teamsCount * starters[position];
    const replacement = ranked[replacementIndex];
    const replacementPoints = replacement === undefined ? 0 : points(replacement);
    for (const [index, player] of ranked.entries()) {
      vor.set(
        player.playerId,
        index < replacementIndex ? Math.max(0, points(player) - replacementPoints) : 0,
      );
    }
  }
  return vor;
}

/**
 * Dollars above $1 split by VOR share, in whole dollars by largest remainder, so that the shares add up to exactly
 * the league's surplus and inflation is exactly 1 before any sale.
 */
function surplusShares(vor: ReadonlyMap<string, number>, surplus: number): Map<string, number> {
  const totalVor = [...vor.values()].reduce((sum, v) => sum + v, 0);
  const shares = new Map<string, number>();
  if (totalVor <= 0 || surplus <= 0) {
    for (const id of vor.keys()) shares.set(id, 0);
    return shares;
  }
  const exact = [...vor.entries()].map(([id, v]) => ({ id, raw: (v / totalVor) * surplus }));
  let handedOut = 0;
  for (const { id, raw } of exact) {
    shares.set(id, Math.floor(raw));
    handedOut += Math.floor(raw);
  }
  const byRemainder = exact
    .filter(({ raw }) => raw > 0)
    .sort((a, b) => b.raw - Math.floor(b.raw) - (a.raw - Math.floor(a.raw)) || a.id.localeCompare(b.id));
  for (const { id } of byRemainder.slice(0, surplus - handedOut)) shares.set(id, (shares.get(id) ?? 0) + 1);
  return shares;
}

export function auctionValues(
  players: readonly ValuedPlayerInput[],
  settings: AuctionValueSettings,
  sold: readonly SoldPick[],
): AuctionValues {
  const slots = settings.teamsCount * settings.playersPerTeam;
  const leagueDollars = settings.teamsCount * settings.budgetPerTeam;
  const shares = surplusShares(valuesOverReplacement(players, settings), leagueDollars - slots * MIN_BID);

  const soldIds = new Set(sold.map((pick) => pick.playerId));
  const moneyLeft = leagueDollars - sold.reduce((sum, pick) => sum + pick.cost, 0);
  const openSlots = Math.max(0, slots - sold.length);
  const surplusLeft = Math.max(0, moneyLeft - openSlots * MIN_BID);
  const valueLeft = players
    .filter((p) => !soldIds.has(p.playerId))
    .reduce((sum, p) => sum + (shares.get(p.playerId) ?? 0), 0);
  // No value left on the board (or no sale yet): every remaining value is the $1 floor, nothing to scale.
  const inflation = sold.length === 0 || valueLeft === 0 ? 1 : surplusLeft / valueLeft;

  return {
    inflation,
    players: players.map((player) => {
      const share = shares.get(player.playerId) ?? 0;
      const isSold = soldIds.has(player.playerId);
      return {
        playerId: player.playerId,
        position: player.position,
        preDraftValue: MIN_BID + share,
        auctionValue: isSold ? MIN_BID + share : Math.max(MIN_BID, Math.round(MIN_BID + share * inflation)),
        sold: isSold,
      };
    }),
  };
}
