import { describe, expect, it } from '@jest/globals';
import { reloadOnEvent, type LiveCacheLifecycle, type StartedRead } from '../live-cache.js';

/** An entry whose reads answer as the test says: each answer names the read it came from. */
function entry() {
  let removeEntry = () => undefined as void;
  const lifecycle: LiveCacheLifecycle = {
    cacheDataLoaded: Promise.resolve(),
    cacheEntryRemoved: new Promise<void>((resolve) => (removeEntry = resolve)),
  };
  const started: string[] = [];
  /** Per read, in order: the id of the read whose answer it gets (its own unless another was in flight), or an error. */
  const answers: Array<'own' | 'other' | 'error'> = [];
  const startRead = (): StartedRead => {
    const requestId = `read-${started.length + 1}`;
    started.push(requestId);
    const answer = answers.shift() ?? 'own';
    return Object.assign(
      Promise.resolve({
        isError: answer === 'error',
        requestId: answer === 'other' ? 'in-flight-before' : requestId,
      }),
      { requestId },
    );
  };
  return { lifecycle, started, answers, startRead, removeEntry: () => removeEntry() };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reloadOnEvent', () => {
  it('reads once when its read is sent', async () => {
    const { lifecycle, started, startRead } = entry();
    reloadOnEvent(lifecycle, startRead)();
    await settled();
    expect(started).toEqual(['read-1']);
  });

  it('reads again when the answer was a read already in flight (which may predate the event)', async () => {
    const { lifecycle, started, answers, startRead } = entry();
    answers.push('other', 'own');
    reloadOnEvent(lifecycle, startRead)();
    await settled();
    expect(started).toEqual(['read-1', 'read-2']);
  });

  it('gives up after three reads, and on an error', async () => {
    const first = entry();
    first.answers.push('other', 'other', 'other', 'other');
    reloadOnEvent(first.lifecycle, first.startRead)();
    await settled();
    expect(first.started).toHaveLength(3);

    const second = entry();
    second.answers.push('error');
    reloadOnEvent(second.lifecycle, second.startRead)();
    await settled();
    expect(second.started).toHaveLength(1);
  });

  it('reads nothing once the entry is removed', async () => {
    const { lifecycle, started, startRead, removeEntry } = entry();
    const reload = reloadOnEvent(lifecycle, startRead);
    removeEntry();
    await settled();
    reload();
    await settled();
    expect(started).toEqual([]);
  });
});
