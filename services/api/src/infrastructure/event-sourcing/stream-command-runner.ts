import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ConflictError, DomainError, streamKindOf, type Decider } from '@auction/domain';
import {
  PostgresEventStore,
  WrongExpectedVersionError,
  type AppendResult,
  type RecordedEvent,
  type SqlClient,
  type StatementWrites,
} from '@auction/event-store';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { actorMetadata, type Actor } from './actor.js';
import {
  commandIdHash,
  FoldedStateCache,
  stateCacheCapacities,
  type CommandIdHashes,
} from './folded-state-cache.js';
import { FreshnessWaiters } from './freshness-waiters.js';
import { takeIdempotencyKey } from './idempotency-key.js';
import { PerKeyQueue } from './per-key-queue.js';

/** Domain messages are `{ type, data }`, exactly the event store's columns. */
export type StreamEvent = { readonly type: string; readonly data: object };

/** What the runner needs of the store (PostgresEventStore; a fake in unit tests). */
export type EventStorePort = Pick<PostgresEventStore, 'append' | 'readStream'> &
  Partial<Pick<PostgresEventStore, 'findCommand' | 'appendInOneStatement'>>;

/** What an inline projection receives, inside the append's transaction. */
export interface ProjectionContext<E, S> {
  /** The events as stored (version, recordedAt, metadata), in order. */
  recorded: RecordedEvent[];
  events: E[];
  before: S;
  after: S;
}

export interface RunOptions<C, E extends StreamEvent, S> {
  streamId: string;
  decider: Decider<C, E, S>;
  /** The command, or a function building it from the current state (called again on every retry). */
  command: C | ((state: S) => C | Promise<C>);
  /**
   * The command's kind, which scopes a client's idempotency key: the same key on another kind of command is another
   * request (a pause and then a resume sent with one key both run). Defaults to the `type` of a command given as an
   * object; a command built by a function names it here.
   */
  kind?: string;
  /**
   * Idempotency key: a command id already appended appends nothing and answers the first outcome. Defaults to the
   * client's key in scope (Idempotency-Key header, socket commandId), scoped to the stream and actor; without either,
   * no es_commands row is written (ADR 0020).
   */
  commandId?: string;
  /** Ties the events of one request together across streams; defaults to the command id. */
  correlationId?: string;
  actor: Actor;
  /** Inline projection, run in the append's transaction: if it throws, nothing is committed. */
  project?: (tx: SqlClient, context: ProjectionContext<E, S>) => Promise<void>;
  /**
   * The same projection as writes inside the append's one statement (ADR 0020), or null when these events need the
   * transaction path. Used only for a command without an idempotency key on a stream whose version and head hash
   * are cached; the transaction path is the fallback whenever the statement finds the stream moved.
   */
  projectInStatement?: (context: { events: E[]; version: number }) => StatementWrites | null;
  /**
   * Runs after the append committed, still in the stream's turn (before the next command on the stream decides),
   * so what it publishes goes out in log order. Not called for no-ops or already processed commands. A failure
   * is the caller's to log: the events are durable whatever it does.
   */
  afterCommit?: (result: RunResult<E, S>) => void | Promise<void>;
}

export interface RunResult<E, S> {
  state: S;
  /** Empty when the command was a no-op. */
  events: E[];
  recorded: RecordedEvent[];
  version: number;
  alreadyProcessed: boolean;
}

export const MAX_ATTEMPTS = 5;

interface Snapshot<S> {
  version: number;
  state: S;
  /** The stream's newest hash at `version` (ADR 0009), when known: what a one-statement append chains from. */
  lastHash?: string | null;
  /** When the snapshot was last known to equal the stream (see FoldedState.verifiedAt). */
  verifiedAt: number;
  /** See FoldedState.commandIds: complete up to `version`, so a missing id was never appended up to it. */
  commandIds: CommandIdHashes;
}

/**
 * The client's idempotency key as a command id: per stream, actor and kind of command, so two users' keys, one
 * request's commands on two streams, or one key on two kinds of command never collide. (Without the kind, a resume
 * sent with its pause's key answered "Draft resumed" and left the draft paused.)
 */
function clientCommandId(streamId: string, actor: Actor, kind: string | undefined): string | undefined {
  const key = takeIdempotencyKey();
  if (key === undefined) return undefined;
  return `${streamId}:${actor === 'system' ? 'system' : actor.id}:${kind ?? 'command'}:${key}`;
}

/** RunOptions.kind, or the `type` of a command given as an object. */
function kindOf(options: { command: unknown; kind?: string }): string | undefined {
  if (options.kind !== undefined) return options.kind;
  const { command } = options;
  if (typeof command !== 'object' || command === null || !('type' in command)) return undefined;
  return typeof command.type === 'string' ? command.type : undefined;
}

/** A refusal no later state of the stream could turn into an acceptance (DomainError's `final`). */
const isFinal = (error: unknown) => error instanceof DomainError && error.final;

/** Nothing another instance can have appended is missing from a state verified after the command arrived. */
const isFreshFor = (snapshot: Snapshot<unknown>, arrivedAt: number) => snapshot.verifiedAt > arrivedAt;

/** Whether the command may have been appended before: only then is es_commands read (a key on a refused bid). */
const mayHaveRun = (snapshot: Snapshot<unknown>, commandId: string) =>
  snapshot.commandIds.has(commandIdHash(commandId));

/** A keyed final refusal decided on a state not yet verified for it: answered once FreshnessWaiters settles it. */
class PendingRefusal {
  constructor(
    readonly error: unknown,
    readonly fresh: Promise<boolean>,
    /** Whether the key may have been appended up to the version it was decided on (then es_commands is read). */
    readonly mayHaveRun: boolean,
  ) {}
}

/**
 * The write path of every command: load (cached fold, topped up with the stream's newer events), decide, append
 * with the expected version, project inline in the same transaction. A version conflict means another writer
 * won: catch up and decide again, at most MAX_ATTEMPTS times.
 */
@Injectable()
export class StreamCommandRunner {
  private readonly cache: FoldedStateCache;
  private readonly queues = new PerKeyQueue();
  private readonly freshness = new FreshnessWaiters();

  constructor(
    @Inject(PostgresEventStore) private readonly store: EventStorePort,
    /** Absent in unit tests that build a runner by hand. */
    @Optional() @Inject(ApiMetrics) private readonly metrics?: ApiMetrics,
    /** Absent in unit tests that build a runner by hand: the default capacities. */
    @Optional() @Inject(CONFIG) config?: Pick<AppConfig, 'stateCache'>,
  ) {
    this.cache = new FoldedStateCache(config ? stateCacheCapacities(config.stateCache.drafts) : undefined);
  }

  /**
   * Commands on one stream run one after another in this process (one writer per stream): simultaneous commands
   * decide on the cached state left by the previous one instead of fighting over the expected version. Across
   * processes the expected version is the safety net.
   */
  async run<C, E extends StreamEvent, S>(options: RunOptions<C, E, S>): Promise<RunResult<E, S>> {
    const arrivedAt = performance.now();
    // The client's key is taken from the request's scope once, here: a command decided twice (a keyed refusal decided
    // again, ADR 0036) must look up and claim the same key the second time. Taken per decision, the second found the
    // scope spent and answered a committed retry "refused" (the chaos bench's re-sent bids, 2026-12-07).
    const keyed = {
      ...options,
      commandId: options.commandId ?? clientCommandId(options.streamId, options.actor, kindOf(options)),
    };
    const outcome = await this.queues.run(options.streamId, () => this.runNow(keyed, arrivedAt, true));
    if (!(outcome instanceof PendingRefusal)) return outcome;
    // Waits outside the queue: the commands behind it (the next bid) go on meanwhile.
    if ((await outcome.fresh) && !outcome.mayHaveRun) throw outcome.error;
    // The stream moved, or the key may have run: decided again in the queue, on a state now verified for it.
    return (await this.queues.run(options.streamId, () => this.runNow(keyed, arrivedAt, false))) as RunResult<
      E,
      S
    >;
  }

  private async runNow<C, E extends StreamEvent, S>(
    options: RunOptions<C, E, S>,
    arrivedAt: number,
    mayWait: boolean,
  ): Promise<RunResult<E, S> | PendingRefusal> {
    const { streamId, decider, commandId } = options;
    let snapshot = await this.load(streamId, decider);
    let attempts = 0;

    for (;;) {
      const decision = await this.decideOn(options, snapshot.state);
      // A rejection or a no-op decided on a cached state may be out of date (another instance appended since):
      // check the stream once before answering, unless a read or an append of ours began after this command
      // arrived (then one read serves every command queued behind it), or the rejection is final (no newer state
      // could accept it: a losing bid in a race costs no read at all). Appends need no such check: the expected
      // version catches it. A command with a client's key is checked even when final: a fresh state tells whether
      // its key was appended before (below).
      if (
        !isFreshFor(snapshot, arrivedAt) &&
        (decision.events?.length === 0 ||
          (decision.rejection && (!isFinal(decision.rejection.error) || commandId !== undefined)))
      ) {
        if (mayWait && decision.rejection && isFinal(decision.rejection.error) && commandId !== undefined) {
          // A keyed final refusal: the next append of ours usually proves the state fresh, so no read here (ADR 0036).
          return new PendingRefusal(
            decision.rejection.error,
            this.freshness.wait(streamId, arrivedAt, snapshot.version, () =>
              this.verifyFreshness(streamId, decider),
            ),
            mayHaveRun(snapshot, commandId),
          );
        }
        snapshot = await this.catchUp(streamId, decider, snapshot);
        continue;
      }
      if (decision.rejection || decision.events.length === 0) {
        // A retry of a command that was appended: today's state refuses it (or has nothing to do), so answer the
        // first outcome instead. The state is fresh and knows every key appended to the stream, so only a key it
        // has seen (or one sharing its hash) is looked up: a losing bid's fresh key costs no read (every browser bid
        // has one, ADR 0035).
        const first =
          commandId === undefined || !mayHaveRun(snapshot, commandId)
            ? undefined
            : await this.store.findCommand?.(commandId);
        if (first) return this.alreadyProcessed(streamId, decider, snapshot, first);
      }
      if (decision.rejection) throw decision.rejection.error;
      const { events } = decision;
      if (events.length === 0) {
        return {
          state: snapshot.state,
          events,
          recorded: [],
          version: snapshot.version,
          alreadyProcessed: false,
        };
      }

      const before = snapshot.state;
      const after = events.reduce(decider.evolve, before);
      attempts += 1;
      const appendStartedAt = performance.now();
      const metadata = {
        ...actorMetadata(options.actor),
        correlationId: options.correlationId ?? commandId ?? randomUUID(),
        occurredAt: new Date().toISOString(),
      };
      try {
        const result =
          (await this.appendInOneStatement(options, snapshot, events, metadata, commandId)) ||
          (await this.timedAppend(streamId, events, {
            expectedVersion: snapshot.version,
            commandId,
            metadata,
            project: options.project
              ? (tx, recorded) => options.project!(tx, { recorded, events, before, after })
              : undefined,
          }));
        if (result.alreadyProcessed) return this.alreadyProcessed(streamId, decider, snapshot, result);
        // The expected version held, so when this append began nobody else had appended: `after` is the stream.
        this.freshness.streamWasAt(streamId, snapshot.version, appendStartedAt);
        if (commandId !== undefined) snapshot.commandIds.add(commandIdHash(commandId));
        this.cache.set(streamId, {
          version: result.nextExpectedVersion,
          state: after,
          verifiedAt: appendStartedAt,
          lastHash: result.recorded.at(-1)?.hash,
          commandIds: snapshot.commandIds,
          evolve: decider.evolve,
        });
        const committed: RunResult<E, S> = {
          state: after,
          events,
          recorded: result.recorded,
          version: result.nextExpectedVersion,
          alreadyProcessed: false,
        };
        await options.afterCommit?.(committed);
        return committed;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempts >= MAX_ATTEMPTS)
          throw new ConflictError('Too many simultaneous changes, please try again');
        snapshot = await this.catchUp(streamId, decider, snapshot);
      }
    }
  }

  /** The first run of this command already wrote its events: answer with them and the stream as it is now. */
  private async alreadyProcessed<C, E extends StreamEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    snapshot: Snapshot<S>,
    first: { recorded: RecordedEvent[] },
  ): Promise<RunResult<E, S>> {
    const current = await this.catchUp(streamId, decider, snapshot);
    return {
      state: current.state,
      events: first.recorded.map((event) => ({ type: event.type, data: event.data }) as E),
      recorded: first.recorded,
      version: current.version,
      alreadyProcessed: true,
    };
  }

  /**
   * The append and its projection in one autocommitted statement, when the stream's version and head hash are cached
   * and the projection can be written that way; false (nothing written) sends the caller down the transaction path.
   */
  private async appendInOneStatement<C, E extends StreamEvent, S>(
    options: RunOptions<C, E, S>,
    snapshot: Snapshot<S>,
    events: E[],
    metadata: Record<string, unknown>,
    commandId: string | undefined,
  ): Promise<AppendResult | false> {
    const { store } = this;
    if (!store.appendInOneStatement || snapshot.lastHash === undefined || snapshot.version === 0)
      return false;
    const writes = options.projectInStatement?.({ events, version: snapshot.version });
    if (!writes) return false;
    const startedAt = performance.now();
    const recorded = await store.appendInOneStatement(options.streamId, events, {
      expectedVersion: snapshot.version,
      previousHash: snapshot.lastHash,
      metadata,
      ...(commandId === undefined ? {} : { commandId }),
      writes,
    });
    if (!recorded) return false;
    this.metrics?.observeAppend(options.streamId, 'appended', (performance.now() - startedAt) / 1000);
    return { recorded, nextExpectedVersion: snapshot.version + events.length, alreadyProcessed: false };
  }

  /** The append (with its inline projections), timed for event_append_duration_seconds. */
  private async timedAppend(
    ...args: Parameters<EventStorePort['append']>
  ): ReturnType<EventStorePort['append']> {
    const startedAt = performance.now();
    const observe = (outcome: 'appended' | 'duplicate' | 'conflict' | 'error') =>
      this.metrics?.observeAppend(args[0], outcome, (performance.now() - startedAt) / 1000);
    try {
      const result = await this.store.append(...args);
      observe(result.alreadyProcessed ? 'duplicate' : 'appended');
      return result;
    } catch (error) {
      observe(error instanceof WrongExpectedVersionError ? 'conflict' : 'error');
      throw error;
    }
  }

  /** Builds the command from the state (when given a builder) and decides; a thrown rejection is returned. */
  private async decideOn<C, E extends StreamEvent, S>(
    options: RunOptions<C, E, S>,
    state: S,
  ): Promise<{ events: E[]; rejection?: undefined } | { events?: undefined; rejection: { error: unknown } }> {
    try {
      const command =
        typeof options.command === 'function'
          ? await (options.command as (state: S) => C | Promise<C>)(state)
          : options.command;
      return { events: options.decider.decide(command, state) };
    } catch (error) {
      return { rejection: { error } };
    }
  }

  /** The stream's current state, without deciding anything. */
  async read<C, E extends StreamEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: S; version: number }> {
    const askedAt = performance.now();
    const snapshot = await this.load(streamId, decider);
    const current = isFreshFor(snapshot, askedAt)
      ? snapshot
      : await this.catchUp(streamId, decider, snapshot);
    return { state: current.state, version: current.version };
  }

  /**
   * The stream's state at `version` or later: the cached fold when it is that recent (no read), otherwise topped
   * up from the stream. For callers that learnt the stream's version elsewhere (a read model's version column).
   */
  async readAtLeast<C, E extends StreamEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    version: number,
  ): Promise<{ state: S; version: number }> {
    const snapshot = await this.load(streamId, decider);
    const current = snapshot.version >= version ? snapshot : await this.catchUp(streamId, decider, snapshot);
    return { state: current.state, version: current.version };
  }

  /** A refusal waited FRESHNESS_WAIT_MS and no append of ours came: read the stream, in its turn. */
  private verifyFreshness<C, E extends StreamEvent, S>(streamId: string, decider: Decider<C, E, S>): void {
    this.queues
      .run(streamId, async () => {
        if (!this.freshness.isWaiting(streamId)) return;
        const snapshot = await this.load(streamId, decider);
        if (this.freshness.isWaiting(streamId)) await this.catchUp(streamId, decider, snapshot);
      })
      .catch(() => this.freshness.giveUp(streamId));
  }

  /** Forgets every cached state (tests, or after a read-model rebuild). */
  clearCache(): void {
    this.cache.clear();
  }

  private async load<C, E extends StreamEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<Snapshot<S>> {
    const cached = this.cache.get<S>(streamId, decider.evolve);
    if (cached) {
      const { version, state, verifiedAt, lastHash, commandIds } = cached;
      if (commandIds) return { version, state, verifiedAt, lastHash, commandIds };
    }
    this.metrics?.countStateLoad(streamKindOf(streamId));
    return this.catchUp(streamId, decider, {
      version: 0,
      state: decider.initialState(),
      verifiedAt: -Infinity,
      commandIds: new Set(),
    });
  }

  /** Folds the events after `snapshot.version` into it: one indexed read, usually of a handful of rows. */
  private async catchUp<C, E extends StreamEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    snapshot: Snapshot<S>,
  ): Promise<Snapshot<S>> {
    const startedAt = performance.now();
    const { events, version } = await this.store.readStream(streamId, { fromVersion: snapshot.version + 1 });
    // Old event shapes go through the decider's upcaster, so the rules only ever see the current shape.
    const state = events.reduce((folded, event) => {
      const current = decider.upcast ? decider.upcast(event) : ({ type: event.type, data: event.data } as E);
      return current === null ? folded : decider.evolve(folded, current);
    }, snapshot.state);
    // The head hash is known when the read returned the newest event, or when nothing changed since it was known.
    const lastHash =
      events.length > 0 ? events.at(-1)!.hash : version === snapshot.version ? snapshot.lastHash : undefined;
    const { commandIds } = snapshot;
    for (const event of events) {
      const commandId = event.metadata['commandId'];
      if (typeof commandId === 'string') commandIds.add(commandIdHash(commandId));
    }
    const caughtUp = {
      version: Math.max(version, snapshot.version),
      state,
      verifiedAt: startedAt,
      lastHash,
      commandIds,
    };
    this.cache.set(streamId, { ...caughtUp, evolve: decider.evolve });
    this.freshness.streamWasAt(streamId, caughtUp.version, startedAt);
    return caughtUp;
  }
}
