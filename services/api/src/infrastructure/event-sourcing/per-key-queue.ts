/**
 * Runs tasks one at a time per key, in arrival order; different keys run concurrently. A failed task does not
 * stop the ones queued behind it. Keys with nothing queued are forgotten, so the map stays small.
 */
export class PerKeyQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
