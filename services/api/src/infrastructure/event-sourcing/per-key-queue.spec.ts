import { describe, expect, it } from '@jest/globals';
import { PerKeyQueue } from './per-key-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('PerKeyQueue', () => {
  it('runs tasks of one key one after another, in arrival order', async () => {
    const queue = new PerKeyQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run('a', task('1')),
      queue.run('a', task('2')),
      queue.run('a', task('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs different keys concurrently', async () => {
    const queue = new PerKeyQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    await Promise.all([queue.run('a', task('a')), queue.run('b', task('b'))]);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('keeps going after a failed task and forgets idle keys', async () => {
    const queue = new PerKeyQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('boom')));
    const next = queue.run('a', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
    await tick();
    expect(queue.size).toBe(0);
  });
});
