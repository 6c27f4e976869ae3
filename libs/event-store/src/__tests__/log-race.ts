import { randomInt } from 'node:crypto';
import { checkpointOf, compareCheckpoints, START } from '../checkpoint.js';
import type { RecordedEvent } from '../event-store.types.js';
import type { PostgresEventStore } from '../postgres-event-store.js';

export interface LogRaceOptions {
  writers: number;
  appendsPerWriter: number;
  /** Events per readAll page. */
  pageSize: number;
  /** Every n-th append of a writer keeps its transaction open (after inserting) for holdMs. */
  holdEvery: number;
  holdMs: readonly [min: number, max: number];
  timeoutMs: number;
}

/** What one reader paging the log from the start got. */
export interface ReaderTally {
  /** Every event delivered, duplicates included. */
  eventsRead: number;
  duplicates: number;
  /** Written, never delivered. */
  missing: number;
  /** Deliveries whose (transaction id, position) was not above the one delivered before it. */
  outOfOrder: number;
  pages: number;
  /** Delivery order, for assertions beyond the counts. */
  delivered: RecordedEvent[];
}

/** The figure behind the log-reader race: what the writers wrote and what each reader saw. */
export interface LogRaceReport {
  eventsWritten: number;
  written: RecordedEvent[];
  heldOpen: number;
  firstTransactionId: string;
  lastTransactionId: string;
  /** The powers of ten the writers' transaction ids went across, e.g. ['10000000']. */
  powersOfTenCrossed: string[];
  wallMs: number;
  /** A subscriber paging while the writers write (the relay, the ops consumer). */
  live: ReaderTally;
  /** A reader starting from the beginning once the writers are done (projections:rebuild, a new relay). */
  catchUp: ReaderTally;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writers append to a stream each, some holding their transaction open a while, as a reader pages the whole
 * log from the start with readAll; a second reader then pages it from the start again. Both count rather than
 * assert, so the report describes a broken reader too.
 */
export async function runLogRace(store: PostgresEventStore, options: LogRaceOptions): Promise<LogRaceReport> {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  const written: RecordedEvent[] = [];
  let heldOpen = 0;
  let writersDone = false;
  let writerError: unknown;

  const writers = Promise.all(
    Array.from({ length: options.writers }, async (_, w) => {
      const streamId = `race-${w}-${randomInt(1e9)}`;
      let version = 0;
      for (let i = 1; i <= options.appendsPerWriter; i++) {
        const hold = i % options.holdEvery === 0;
        const result = await store.append(streamId, [{ type: 'Raced', data: { w, i } }], {
          expectedVersion: version,
          ...(hold
            ? {
                project: async () => {
                  heldOpen += 1;
                  await pause(randomInt(options.holdMs[0], options.holdMs[1] + 1));
                },
              }
            : {}),
        });
        version = result.nextExpectedVersion;
        written.push(...result.recorded);
      }
    }),
  )
    .catch((error: unknown) => {
      writerError = error;
    })
    .finally(() => {
      writersDone = true;
    });

  const live = await readFromStart(store, options.pageSize, () => writersDone, deadline);
  await writers;
  if (writerError) throw writerError;
  const catchUp = await readFromStart(store, options.pageSize, () => true, deadline);

  const ids = written.map((event) => BigInt(event.transactionId));
  const first = ids.reduce((a, b) => (b < a ? b : a));
  const last = ids.reduce((a, b) => (b > a ? b : a));
  const tally = (reader: Omit<ReaderTally, 'missing'>): ReaderTally => {
    const read = new Set(reader.delivered.map((event) => event.globalPosition));
    return { ...reader, missing: written.filter((event) => !read.has(event.globalPosition)).length };
  };
  return {
    eventsWritten: written.length,
    written,
    heldOpen,
    firstTransactionId: first.toString(),
    lastTransactionId: last.toString(),
    powersOfTenCrossed: powersOfTenBetween(first, last).map(String),
    wallMs: Date.now() - started,
    live: tally(live),
    catchUp: tally(catchUp),
  };
}

/** Pages from the start until a page read after `writersDone()` held true comes back empty. */
async function readFromStart(
  store: PostgresEventStore,
  pageSize: number,
  writersDone: () => boolean,
  deadline: number,
): Promise<Omit<ReaderTally, 'missing'>> {
  const delivered: RecordedEvent[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  let outOfOrder = 0;
  let pages = 0;
  let checkpoint = START;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`log race timed out: ${delivered.length} events read`);
    // Only a page read after the writers finished can prove the log's end: every transaction is over by then.
    const writersWereDone = writersDone();
    const page = await store.readAll(checkpoint, pageSize);
    if (page.events.length > 0) pages += 1;
    for (const event of page.events) {
      if (seen.has(event.globalPosition)) duplicates += 1;
      seen.add(event.globalPosition);
      if (compareCheckpoints(checkpointOf(event), checkpoint) <= 0) outOfOrder += 1;
      checkpoint = checkpointOf(event);
      delivered.push(event);
    }
    if (page.events.length === 0) {
      if (writersWereDone) break;
      await pause(2);
    }
  }
  return { eventsRead: delivered.length, duplicates, outOfOrder, pages, delivered };
}

/** Powers of ten p with low < p <= high: where a text comparison of the ids starts to disagree with numbers. */
export function powersOfTenBetween(low: bigint, high: bigint): bigint[] {
  const crossed: bigint[] = [];
  for (let p = 10n; p <= high; p *= 10n) if (p > low) crossed.push(p);
  return crossed;
}

export function formatLogRaceReport(report: LogRaceReport): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const reader = (name: string, tally: ReaderTally) =>
    `${name}: ${n(tally.eventsRead)} read, ${n(tally.duplicates)} duplicates, ${n(tally.missing)} missing, ` +
    `${n(tally.outOfOrder)} out of order (${n(tally.pages)} pages)`;
  return [
    `log-reader race across a power of ten: ${n(report.eventsWritten)} events written by transactions ` +
      `${report.firstTransactionId}..${report.lastTransactionId} (crossing ${report.powersOfTenCrossed.join(', ') || 'none'}), ` +
      `${n(report.heldOpen)} held open, ${(report.wallMs / 1000).toFixed(1)} s`,
    `  ${reader('reader during the writes', report.live)}`,
    `  ${reader('reader from the start afterwards', report.catchUp)}`,
  ].join('\n');
}
