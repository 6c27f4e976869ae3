import {
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type NewEvent,
  type ReadStreamResult,
  type RecordedEvent,
  type SqlClient,
} from '@auction/event-store';
import type { EventStorePort } from '../stream-command-runner.js';

/**
 * The runner's store contract in memory, for unit tests of the runner's retry and cache logic only. Anything
 * about SQL, transactions or concurrency is tested against PostgreSQL in the *.int.spec.ts files.
 */
export class InMemoryEventStore implements EventStorePort {
  readonly streams = new Map<string, RecordedEvent[]>();
  readonly commands = new Map<string, RecordedEvent[]>();
  reads = 0;
  appends = 0;
  /** findCommand calls: what es_commands reads a refused command with a key costs. */
  lookups = 0;
  /** Runs before each append's version check: lets a test slip a competing write in. */
  beforeAppend?: (streamId: string) => void;
  private position = 0;

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    this.appends += 1;
    this.beforeAppend?.(streamId);
    if (options.commandId && this.commands.has(options.commandId)) {
      return {
        recorded: this.commands.get(options.commandId)!,
        nextExpectedVersion: this.version(streamId),
        alreadyProcessed: true,
      };
    }
    const current = this.version(streamId);
    const expected = options.expectedVersion === 'no_stream' ? 0 : options.expectedVersion;
    if (expected !== 'any' && expected !== current) {
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, current);
    }
    const recorded = events.map((event, index) => this.record(streamId, current + index + 1, event, options));
    await options.project?.(fakeTx, recorded);
    this.streams.set(streamId, [...(this.streams.get(streamId) ?? []), ...recorded]);
    if (options.commandId) this.commands.set(options.commandId, recorded);
    return { recorded, nextExpectedVersion: current + events.length, alreadyProcessed: false };
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<ReadStreamResult> {
    this.reads += 1;
    const from = options.fromVersion ?? 1;
    const events = (this.streams.get(streamId) ?? []).filter((event) => event.streamVersion >= from);
    return { events, version: this.version(streamId) };
  }

  async findCommand(commandId: string): Promise<AppendResult | undefined> {
    this.lookups += 1;
    const recorded = this.commands.get(commandId);
    return recorded
      ? { recorded, nextExpectedVersion: recorded.at(-1)!.streamVersion, alreadyProcessed: true }
      : undefined;
  }

  /** Appends behind the runner's back, as another API instance would (with that instance's command id, if any). */
  appendDirectly(streamId: string, events: NewEvent[], commandId?: string): void {
    const current = this.version(streamId);
    const recorded = events.map((event, index) =>
      this.record(streamId, current + index + 1, event, commandId ? { commandId } : {}),
    );
    this.streams.set(streamId, [...(this.streams.get(streamId) ?? []), ...recorded]);
    if (commandId) this.commands.set(commandId, recorded);
  }

  version(streamId: string): number {
    return this.streams.get(streamId)?.length ?? 0;
  }

  private record(
    streamId: string,
    streamVersion: number,
    event: NewEvent,
    options: Pick<AppendOptions, 'metadata' | 'commandId'>,
  ): RecordedEvent {
    this.position += 1;
    return {
      globalPosition: this.position,
      streamId,
      streamVersion,
      type: event.type,
      data: event.data,
      metadata: { ...options.metadata, ...(options.commandId ? { commandId: options.commandId } : {}) },
      transactionId: String(this.position),
      recordedAt: new Date(0),
    };
  }
}

const fakeTx: SqlClient = {
  query: async () => ({ rows: [], rowCount: 0 }),
};
