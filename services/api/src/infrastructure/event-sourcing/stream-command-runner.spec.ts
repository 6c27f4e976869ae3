import { describe, expect, it } from '@jest/globals';
import { ConflictError, type Decider } from '@auction/domain';
import { InMemoryEventStore } from './__tests__/in-memory-event-store.js';
import { withIdempotencyKey } from './idempotency-key.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { MAX_ATTEMPTS, StreamCommandRunner } from './stream-command-runner.js';

// A counter with a ceiling: enough rules to see deciding, no-ops, rejections and retries.
type CounterCommand = { type: 'Add'; data: { amount: number } } | { type: 'Noop'; data: object };
type CounterEvent = { type: 'Added'; data: { amount: number } };
type CounterState = { total: number };

const counter: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: () => ({ total: 0 }),
  decide: (command, state) => {
    if (command.type === 'Noop') return [];
    if (state.total + command.data.amount > 10) throw new ConflictError(`Ceiling reached at ${state.total}`);
    return [{ type: 'Added', data: { amount: command.data.amount } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.amount }),
};

/** A refusal no later state could undo, whatever the state (like a bid below the minimum). */
const smallRefused: Decider<CounterCommand, CounterEvent, CounterState> = {
  ...counter,
  decide: (command, state) => {
    if (command.type === 'Add' && command.data.amount < 2) {
      throw new ConflictError('Too small', { final: true });
    }
    return counter.decide(command, state);
  },
};

const add = (amount: number): CounterCommand => ({ type: 'Add', data: { amount } });
const actor = { id: 'u-1', username: 'alice' };

function setup() {
  const store = new InMemoryEventStore();
  return { store, runner: new StreamCommandRunner(store) };
}

describe('StreamCommandRunner', () => {
  it('decides, appends with the expected version and records who did it', async () => {
    const { store, runner } = setup();
    const first = await runner.run({ streamId: 'c-1', decider: counter, command: add(2), actor });
    const second = await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: add(3),
      actor: 'system',
      commandId: 'cmd-2',
    });
    expect(first.state).toEqual({ total: 2 });
    expect(second.state).toEqual({ total: 5 });
    expect(second.version).toBe(2);
    const [a, b] = store.streams.get('c-1')!;
    expect(a!.metadata).toMatchObject({ actorId: 'u-1', actorUsername: 'alice' });
    expect(typeof a!.metadata['occurredAt']).toBe('string');
    // No client key: no command id (no es_commands row, ADR 0020), a fresh correlation id.
    expect(a!.metadata['commandId']).toBeUndefined();
    expect(a!.metadata['correlationId']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b!.metadata).toMatchObject({
      actorId: null,
      actorUsername: 'system',
      commandId: 'cmd-2',
      correlationId: 'cmd-2',
    });
  });

  it('appends nothing for a no-op and returns the current state', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(4), actor });
    const appendsBefore = store.appends;
    const result = await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: { type: 'Noop', data: {} },
      actor,
    });
    expect(result).toMatchObject({ state: { total: 4 }, events: [], version: 1 });
    expect(store.appends).toBe(appendsBefore);
  });

  it('serves the next command from its cache without reading the stream again', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    const readsBefore = store.reads;
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    expect(store.reads).toBe(readsBefore);
    expect(store.version('c-1')).toBe(3);
  });

  it('readAtLeast answers from its cache when that recent, and reads the stream only when it is older', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    const readsBefore = store.reads;
    expect(await runner.readAtLeast('c-1', counter, 1)).toEqual({ state: { total: 1 }, version: 1 });
    expect(store.reads).toBe(readsBefore);
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 4 } }]);
    expect(await runner.readAtLeast('c-1', counter, 2)).toEqual({ state: { total: 5 }, version: 2 });
    expect(store.reads).toBe(readsBefore + 1);
  });

  it('reloads only the newer events and decides again when another writer got there first', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 5 } }]);
    const result = await runner.run({ streamId: 'c-1', decider: counter, command: add(2), actor });
    expect(result.state).toEqual({ total: 8 });
    expect(result.version).toBe(3);
  });

  it('hands the command builder the state it decides on, again on every retry', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 2 } }]);
    const seen: number[] = [];
    await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: (state) => {
        seen.push(state.total);
        return add(1);
      },
      actor,
    });
    expect(seen).toEqual([1, 3]);
  });

  it('re-checks a rejection decided on a cached state against the stream before answering it', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(10), actor });
    // Another instance cannot lower the total in this decider, so fake a correction event it knows.
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: -6 } }]);
    const result = await runner.run({ streamId: 'c-1', decider: counter, command: add(5), actor });
    expect(result.state).toEqual({ total: 9 });
  });

  it('re-checks a no-op decided on a cached state, so a stale cache never hides a real change', async () => {
    const { store, runner } = setup();
    const noopUnlessEven: Decider<CounterCommand, CounterEvent, CounterState> = {
      ...counter,
      decide: (command, state) => (state.total % 2 === 0 ? [] : counter.decide(command, state)),
    };
    const first = await runner.run({
      streamId: 'c-1',
      decider: noopUnlessEven,
      command: add(1),
      actor: 'system',
    });
    expect(first.events).toEqual([]);
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 1 } }]);
    const result = await runner.run({ streamId: 'c-1', decider: noopUnlessEven, command: add(1), actor });
    expect(result.state.total).toBe(2);
    expect(result.events).toHaveLength(1);
  });

  it('answers commands queued together with one read: a read begun after they arrived is fresh for all', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(9), actor });
    const readsBefore = store.reads;
    // Five losing bids arrive together behind the append that made them lose.
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        runner.run({ streamId: 'c-1', decider: counter, command: add(5), actor }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
    expect(store.reads - readsBefore).toBe(1);
    // A command arriving after that read still checks the stream again (another instance may have written).
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: -6 } }]);
    const later = await runner.run({ streamId: 'c-1', decider: counter, command: add(5), actor });
    expect(later.state).toEqual({ total: 8 });
  });

  it('answers a final rejection from its cached state without reading the stream', async () => {
    const { store, runner } = setup();
    // Like a bid below the auction's minimum: once refused, no later total could accept it.
    const floor: Decider<CounterCommand, CounterEvent, CounterState> = {
      ...counter,
      decide: (command, state) => {
        if (command.type === 'Add' && command.data.amount <= state.total) {
          throw new ConflictError(`Must be above ${state.total}`, { final: true });
        }
        return counter.decide(command, state);
      },
    };
    await runner.run({ streamId: 'c-1', decider: floor, command: add(4), actor });
    // Another instance appended since: a final refusal still holds, a non-final one is checked.
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 1 } }]);
    const readsBefore = store.reads;
    await expect(runner.run({ streamId: 'c-1', decider: floor, command: add(3), actor })).rejects.toThrow(
      'Must be above 4',
    );
    expect(store.reads).toBe(readsBefore);
    await expect(runner.run({ streamId: 'c-1', decider: floor, command: add(7), actor })).rejects.toThrow(
      'Ceiling reached at 5',
    );
    expect(store.reads).toBe(readsBefore + 1);
  });

  it('still rejects with the domain error when the fresh state rejects too', async () => {
    const { runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(9), actor });
    await expect(runner.run({ streamId: 'c-1', decider: counter, command: add(2), actor })).rejects.toThrow(
      'Ceiling reached at 9',
    );
  });

  it(`gives up with a conflict after ${MAX_ATTEMPTS} lost races`, async () => {
    const { store, runner } = setup();
    let competing = 0;
    store.beforeAppend = (streamId) => {
      competing += 1;
      store.appendDirectly(streamId, [{ type: 'Added', data: { amount: 0 } }]);
    };
    await expect(
      runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(competing).toBe(MAX_ATTEMPTS);
  });

  it('answers a retried command id with the first outcome and appends nothing more', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(2), actor, commandId: 'same' });
    runner.clearCache();
    const again = await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: add(2),
      actor,
      commandId: 'same',
    });
    expect(again.alreadyProcessed).toBe(true);
    expect(again.state).toEqual({ total: 2 });
    expect(store.version('c-1')).toBe(1);
  });

  it('looks up a refused key only when the stream holds it: a fresh key costs no read, a retried one its first outcome', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(9), actor, commandId: 'first' });
    // A losing command with a key nobody used: refused from the state, es_commands is not read.
    await expect(
      runner.run({ streamId: 'c-1', decider: counter, command: add(5), actor, commandId: 'fresh' }),
    ).rejects.toThrow('Ceiling reached at 9');
    expect(store.lookups).toBe(0);
    // The first command retried: today's state refuses it, so its first outcome is looked up and answered.
    const retried = await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: add(9),
      actor,
      commandId: 'first',
    });
    expect(retried).toMatchObject({ alreadyProcessed: true, state: { total: 9 } });
    expect(store.lookups).toBe(1);
    // A state read from the stream (a restarted process) knows the key from its events.
    runner.clearCache();
    const afterRestart = await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: add(9),
      actor,
      commandId: 'first',
    });
    expect(afterRestart.alreadyProcessed).toBe(true);
    expect(store.version('c-1')).toBe(1);
  });

  it('reads the stream before answering a final refusal with a key: another instance may have appended it', async () => {
    const { store, runner } = setup();
    await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(3), actor });
    // The command's first run was appended on another instance (under the rules of its time); the client's retry
    // reaches this one, whose cached state neither has that event nor knows the key.
    store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 1 } }], 'elsewhere');
    const readsBefore = store.reads;
    const retried = await runner.run({
      streamId: 'c-1',
      decider: smallRefused,
      command: add(1),
      actor,
      commandId: 'elsewhere',
    });
    expect(retried).toMatchObject({ alreadyProcessed: true, state: { total: 4 } });
    // The catch-up that found the key, and the first outcome's own read of the stream as it is now.
    expect(store.reads).toBe(readsBefore + 2);
    // Without a key the same final refusal is still answered from the cached state, with no read.
    await expect(
      runner.run({ streamId: 'c-1', decider: smallRefused, command: add(1), actor }),
    ).rejects.toThrow('Too small');
    expect(store.reads).toBe(readsBefore + 2);
  });

  describe('a keyed final refusal decided while an append of ours was in flight (ADR 0036)', () => {
    /** Appends `amount`; while that append is in flight, a keyed losing command arrives behind it. */
    async function loseDuringAppend(store: InMemoryEventStore, runner: StreamCommandRunner, amount: number) {
      let losing: Promise<unknown> | undefined;
      store.beforeAppend = () => {
        store.beforeAppend = undefined;
        losing = runner.run({
          streamId: 'c-1',
          decider: smallRefused,
          command: add(1),
          actor,
          commandId: 'k',
        });
        losing.catch(() => undefined);
      };
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(amount), actor });
      return { losing: losing! };
    }

    it('is answered without a read once our next append from that version holds', async () => {
      const { store, runner } = setup();
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(2), actor });
      const readsBefore = store.reads;
      const { losing } = await loseDuringAppend(store, runner, 2);
      let settled = false;
      void losing.then(
        () => (settled = true),
        () => (settled = true),
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      // The next bid: its append from the version the refusal was decided on proves that version was current.
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(2), actor });
      await expect(losing).rejects.toThrow('Too small');
      expect(store.reads).toBe(readsBefore);
      expect(store.lookups).toBe(0);
    });

    it('reads the stream itself when no append of ours comes', async () => {
      const { store, runner } = setup();
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(2), actor });
      const readsBefore = store.reads;
      await expect((await loseDuringAppend(store, runner, 2)).losing).rejects.toThrow('Too small');
      expect(store.reads).toBe(readsBefore + 1);
    });

    it('is decided again when the stream moved: a retry another instance appended gets its first outcome', async () => {
      const { store, runner } = setup();
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(2), actor });
      const { losing } = await loseDuringAppend(store, runner, 2);
      // Another instance appends the losing command's first run (key 'k'); our next append then conflicts.
      store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 1 } }], 'k');
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(3), actor });
      await expect(losing).resolves.toMatchObject({ alreadyProcessed: true, state: { total: 8 } });
      expect(store.version('c-1')).toBe(4);
    });

    it("keeps the request's key for the second decision: a committed retry is answered, not refused", async () => {
      const { store, runner } = setup();
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(2), actor });
      let losing: Promise<unknown> | undefined;
      store.beforeAppend = () => {
        store.beforeAppend = undefined;
        // The key comes as a REST client sends it (Idempotency-Key), not as an explicit command id.
        losing = withIdempotencyKey('k', () =>
          runner.run({ streamId: 'c-1', decider: smallRefused, command: add(1), actor }),
        );
        losing.catch(() => undefined);
      };
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(2), actor });
      // Its first attempt, appended by the instance that crashed before answering it.
      store.appendDirectly('c-1', [{ type: 'Added', data: { amount: 1 } }], 'c-1:u-1:Add:k');
      await runner.run({ streamId: 'c-1', decider: smallRefused, command: add(3), actor });
      await expect(losing!).resolves.toMatchObject({ alreadyProcessed: true, state: { total: 8 } });
      expect(store.version('c-1')).toBe(4);
    });
  });

  it('passes the recorded events and both states to the inline projection', async () => {
    const { runner } = setup();
    const seen: unknown[] = [];
    await runner.run({
      streamId: 'c-1',
      decider: counter,
      command: add(3),
      actor,
      project: async (_tx, context) => {
        seen.push({
          versions: context.recorded.map((e) => e.streamVersion),
          before: context.before,
          after: context.after,
        });
      },
    });
    expect(seen).toEqual([{ versions: [1], before: { total: 0 }, after: { total: 3 } }]);
  });

  it('does not cache a state whose projection failed', async () => {
    const { store, runner } = setup();
    const failing = runner.run({
      streamId: 'c-1',
      decider: counter,
      command: add(3),
      actor,
      project: async () => {
        throw new Error('projection broke');
      },
    });
    await expect(failing).rejects.toThrow('projection broke');
    // The fake store, like PostgreSQL, kept nothing from the failed append.
    expect(store.version('c-1')).toBe(0);
    const result = await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    expect(result.state).toEqual({ total: 1 });
  });
});

describe('StreamCommandRunner state loads', () => {
  const loadsOf = async (metrics: ApiMetrics, kind: string) => {
    const line = (await metrics.exposition())
      .split('\n')
      .find((text) => text.startsWith(`stream_state_loads_total{stream="${kind}"}`));
    return line === undefined ? 0 : Number(line.split(' ').at(-1));
  };

  it('counts a stream read and folded whole only when its state is not cached, by kind', async () => {
    const metrics = new ApiMetrics();
    const runner = new StreamCommandRunner(new InMemoryEventStore(), metrics);
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    await runner.run({ streamId: 'd-1', decider: counter, command: add(1), actor });
    expect(await loadsOf(metrics, 'c')).toBe(1);
    expect(await loadsOf(metrics, 'd')).toBe(1);
    runner.clearCache();
    await runner.run({ streamId: 'c-1', decider: counter, command: add(1), actor });
    expect(await loadsOf(metrics, 'c')).toBe(2);
  });

  it('keeps the number of draft states the configuration gives, then reads the evicted one again', async () => {
    const metrics = new ApiMetrics();
    const runner = new StreamCommandRunner(new InMemoryEventStore(), metrics, { stateCache: { drafts: 2 } });
    for (const draft of ['draft-1', 'draft-2', 'draft-3']) {
      await runner.run({ streamId: draft, decider: counter, command: add(1), actor });
    }
    expect(await loadsOf(metrics, 'draft')).toBe(3);
    await runner.run({ streamId: 'draft-3', decider: counter, command: add(1), actor });
    expect(await loadsOf(metrics, 'draft')).toBe(3);
    const again = await runner.run({ streamId: 'draft-1', decider: counter, command: add(1), actor });
    expect(await loadsOf(metrics, 'draft')).toBe(4);
    expect(again.state).toEqual({ total: 2 });
  });
});
