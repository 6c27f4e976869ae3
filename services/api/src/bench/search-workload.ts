import { PLAYER_POSITIONS, type PlayerPosition } from '@auction/contracts';

/** One search of the benchmark: what a user types, with the draft room's filters. */
export interface BenchSearch {
  kind: SearchKind;
  q: string;
  limit: number;
  position?: PlayerPosition;
  available: boolean;
}

export type SearchKind = 'prefix' | 'full name' | 'last name' | 'typo' | 'accented' | 'no match';

/** A small seeded generator (mulberry32): the same seed gives the same workload on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const KINDS: ReadonlyArray<[SearchKind, number]> = [
  ['prefix', 30],
  ['full name', 20],
  ['last name', 15],
  ['typo', 25],
  ['accented', 5],
  ['no match', 5],
];
const LIMITS = [10, 20, 20, 20, 50, 50, 100];
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ' };

/** One typing mistake in a word of three or more letters: a letter dropped, doubled, swapped or replaced. */
export function withTypo(random: () => number, text: string): string {
  const words = text.split(' ');
  const candidates = words.map((word, index) => ({ word, index })).filter(({ word }) => word.length >= 4);
  if (candidates.length === 0) return text;
  const { word, index } = pick(random, candidates);
  const at = 1 + Math.floor(random() * (word.length - 2));
  const edits = [
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + word[at] + word.slice(at),
    () => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
    () => word.slice(0, at) + pick(random, [...'aeioulnrst']) + word.slice(at + 1),
  ];
  const typed = [...words];
  typed[index] = pick(random, edits)();
  return typed.join(' ');
}

/** A player of the pool, as far as the workload needs. */
export interface PoolPlayer {
  name: string;
  position: PlayerPosition;
}

/**
 * `count` mixed searches for players of the pool, deterministic for a seed. A quarter filter by position: mostly
 * the sought player's own (as a user who picked a position tab and then types), sometimes another.
 */
export function searchWorkload(players: readonly PoolPlayer[], count: number, seed = 2026): BenchSearch[] {
  const random = seededRandom(seed);
  const totalWeight = KINDS.reduce((sum, [, weight]) => sum + weight, 0);
  const kindOf = () => {
    let roll = random() * totalWeight;
    for (const [kind, weight] of KINDS) {
      roll -= weight;
      if (roll < 0) return kind;
    }
    return KINDS[0]![0];
  };
  return Array.from({ length: count }, () => {
    const kind = kindOf();
    const player = pick(random, players);
    const name = player.name;
    const words = name.split(' ');
    const last = words.at(-1)!;
    let q: string;
    switch (kind) {
      case 'prefix': {
        const word = pick(random, words);
        q = word.slice(0, 1 + Math.floor(random() * Math.min(6, word.length)));
        break;
      }
      case 'full name':
        q = random() < 0.5 ? name.toLowerCase() : name;
        break;
      case 'last name':
        q = last;
        break;
      case 'typo':
        q = withTypo(random, random() < 0.6 ? name.toLowerCase() : last.toLowerCase());
        break;
      case 'accented':
        q = name.replace(/[aeioun]/, (letter) => ACCENTS[letter] ?? letter);
        break;
      case 'no match':
        q = Array.from({ length: 4 + Math.floor(random() * 4) }, () => pick(random, [...'qxzjvkw'])).join('');
        break;
    }
    return {
      kind,
      q,
      limit: pick(random, LIMITS),
      position:
        random() < 0.25 ? (random() < 0.8 ? player.position : pick(random, PLAYER_POSITIONS)) : undefined,
      available: random() < 0.3,
    };
  });
}

/** The query string of a search as the web sends it. */
export function searchQueryString(search: BenchSearch): string {
  const params = new URLSearchParams({ q: search.q, limit: String(search.limit) });
  if (search.position) params.set('position', search.position);
  if (search.available) params.set('available', 'true');
  return params.toString();
}

export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of durations in milliseconds. */
export function summarise(durations: readonly number[]): LatencySummary {
  if (durations.length === 0) throw new RangeError('no durations to summarise');
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = (percent: number) => sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)]!;
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: rank(50),
    p95: rank(95),
    p99: rank(99),
    max: sorted.at(-1)!,
  };
}
