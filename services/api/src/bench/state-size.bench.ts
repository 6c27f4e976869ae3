/**
 * `node --expose-gc services/api/dist-bench/bench/state-size.bench.js [minBids]` (after
 * `nx run @auction/api:build-bench`): the heap one cached draft state holds in the command runner's cache (ADR 0039)
 * once its draft is over — the folded DraftState and the hashes of its commands' keys, one per event as when every
 * command carried a client's key (the browser's bids do). Whole drafts come from the rebuild benchmark's generator:
 * 12 teams × 20 players, each auction with minBids..minBids+8 bids (3 by default). One shape per process: a second
 * one measured in the same heap read the first one's copies being freed.
 */
import { draftDecider, type DraftEvent, type DraftState } from '@auction/domain';
import {
  commandIdHash,
  STATE_CACHE_CAPACITY,
  type CommandIdHashes,
} from '../infrastructure/event-sourcing/folded-state-cache.js';
import { generateOneDraft } from './draft-log-generator.js';

const COPIES = 50;

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run node with --expose-gc');
  gc();
  gc();
}

function fold(events: readonly DraftEvent[]): { state: DraftState; keys: CommandIdHashes } {
  let state = draftDecider.initialState();
  const keys: CommandIdHashes = new Set();
  events.forEach((event, index) => {
    state = draftDecider.evolve(state, event);
    keys.add(commandIdHash(`key-${index}`));
  });
  return { state, keys };
}

function main(): void {
  const minBids = Number(process.argv[2] ?? 3);
  const draftCapacity = STATE_CACHE_CAPACITY.get('draft') ?? 0;
  const events = generateOneDraft({ minBids })
    .events.filter((event) => event.streamId.startsWith('draft-'))
    .map((event) => ({ type: event.type, data: event.data }) as DraftEvent);
  fold(events);
  collect();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({ length: COPIES }, () => fold(events));
  collect();
  const bytes = (process.memoryUsage().heapUsed - before) / kept.length;
  const { state } = kept[0]!;
  console.log(
    `minBids ${minBids}: ${events.length} events, ${state.picks.length} picks, ${state.status}; ` +
      `${(bytes / 1024).toFixed(1)} KB per cached state; ${draftCapacity} of them: ` +
      `${((bytes * draftCapacity) / 1024 / 1024).toFixed(0)} MB`,
  );
}

main();
