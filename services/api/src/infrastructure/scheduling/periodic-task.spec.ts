import { describe, expect, it } from '@jest/globals';
import { ManualClock } from './__tests__/manual-clock.js';
import { PeriodicTask } from './periodic-task.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PeriodicTask', () => {
  it('skips the ticks that come while a round is slow, and runs no backlog once it finishes', async () => {
    const clock = new ManualClock();
    let release!: () => void;
    let rounds = 0;
    const task = new PeriodicTask({
      what: 'push',
      intervalMs: 250,
      run: () => {
        rounds += 1;
        return rounds === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      logger: { warn: () => undefined },
      clock,
    });
    task.start();
    expect(clock.everyMs).toBe(250);
    expect(clock.unrefs).toBe(1);
    clock.fire();
    // Redis hangs for 40 ticks: none of them queues a round behind the hung one.
    for (let i = 0; i < 40; i++) clock.fire();
    await settle();
    expect(rounds).toBe(1);

    release();
    await settle();
    expect(rounds).toBe(1);
    clock.fire();
    await settle();
    expect(rounds).toBe(2);
    await task.stop();
    expect(clock.cleared).toBe(1);
  });

  it('runs its first round at once when started immediately, then every interval', async () => {
    const clock = new ManualClock();
    let rounds = 0;
    const task = new PeriodicTask({
      what: 'sweep',
      intervalMs: 1000,
      run: async () => {
        rounds += 1;
      },
      logger: { warn: () => undefined },
      clock,
    });
    task.start({ immediately: true });
    await settle();
    expect(rounds).toBe(1);
    clock.fire();
    await settle();
    expect(rounds).toBe(2);
    await task.stop();
  });
});
