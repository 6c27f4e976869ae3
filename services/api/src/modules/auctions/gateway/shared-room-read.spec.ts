import { describe, expect, it } from '@jest/globals';
import { SharedRoomRead } from './shared-room-read.js';

/** A load that records each read and resolves when the test says so. */
function controlledLoad() {
  const reads: Array<{ roomId: string; resolve: (value: number) => void; reject: (error: Error) => void }> =
    [];
  const load = (roomId: string) =>
    new Promise<number>((resolve, reject) => reads.push({ roomId, resolve, reject }));
  return { reads, load };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedRoomRead', () => {
  it('serves a burst of joins with at most two reads, the second started after the first ended', async () => {
    const { reads, load } = controlledLoad();
    const shared = new SharedRoomRead(load);
    const first = shared.read('a');
    const burst = Array.from({ length: 11 }, () => shared.read('a'));
    expect(reads).toHaveLength(1);
    reads[0]!.resolve(1);
    expect(await first).toBe(1);
    await tick();
    // The joins that arrived while the first read ran get a read that began after they asked.
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(2);
    expect(await Promise.all(burst)).toEqual(Array(11).fill(2));
    await tick();
    expect(shared.pending).toBe(0);
  });

  it('keeps rooms apart and reads again once a room is idle', async () => {
    const { reads, load } = controlledLoad();
    const shared = new SharedRoomRead(load);
    const a = shared.read('a');
    const b = shared.read('b');
    expect(reads.map((read) => read.roomId)).toEqual(['a', 'b']);
    reads[0]!.resolve(10);
    reads[1]!.resolve(20);
    expect([await a, await b]).toEqual([10, 20]);
    await tick();
    const again = shared.read('a');
    expect(reads).toHaveLength(3);
    reads[2]!.resolve(11);
    expect(await again).toBe(11);
  });

  it('a failed read fails its joins only; the waiting ones get a read of their own', async () => {
    const { reads, load } = controlledLoad();
    const shared = new SharedRoomRead(load);
    const failing = shared.read('a');
    const waiting = shared.read('a');
    reads[0]!.reject(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await tick();
    reads[1]!.resolve(5);
    expect(await waiting).toBe(5);
    await tick();
    expect(shared.pending).toBe(0);
  });
});
