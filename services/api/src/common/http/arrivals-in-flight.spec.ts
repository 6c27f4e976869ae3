import { describe, expect, it } from '@jest/globals';
import { ArrivalsInFlight } from './arrivals-in-flight.js';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

describe('ArrivalsInFlight', () => {
  it('waits for the commands received strictly before an instant, until they are answered', async () => {
    const arrivals = new ArrivalsInFlight();
    const early = arrivals.enter(100, 'draft-a');
    const same = arrivals.enter(200, 'draft-a');
    arrivals.enter(300, 'draft-a');
    // Itself (the same instant) and later arrivals are not waited for.
    expect(await settled(arrivals.answeredBefore(100, 'draft-a'))).toBe(true);
    const waiting = arrivals.answeredBefore(200, 'draft-a');
    expect(await settled(waiting)).toBe(false);
    same.answered();
    expect(await settled(waiting)).toBe(false);
    early.answered();
    expect(await settled(waiting)).toBe(true);
  });

  it("never waits for another draft's commands: one busy league does not hold up another's clock", async () => {
    const arrivals = new ArrivalsInFlight();
    const other = arrivals.enter(100, 'draft-b');
    expect(await settled(arrivals.answeredBefore(200, 'draft-a'))).toBe(true);
    const ownClock = arrivals.answeredBefore(200, 'draft-b');
    expect(await settled(ownClock)).toBe(false);
    other.answered();
    expect(await settled(ownClock)).toBe(true);
  });

  it('waits in every draft for a command whose draft is not known yet', async () => {
    const arrivals = new ArrivalsInFlight();
    const unknown = arrivals.enter(100, null);
    const inA = arrivals.answeredBefore(200, 'draft-a');
    const inB = arrivals.answeredBefore(200, 'draft-b');
    expect(await settled(inA)).toBe(false);
    expect(await settled(inB)).toBe(false);
    unknown.answered();
    expect(await settled(inA)).toBe(true);
    expect(await settled(inB)).toBe(true);
  });

  it('forgets a draft once its last command is answered, and answering twice changes nothing', async () => {
    const arrivals = new ArrivalsInFlight();
    const first = arrivals.enter(100, 'draft-a');
    first.answered();
    first.answered();
    const second = arrivals.enter(150, 'draft-a');
    const waiting = arrivals.answeredBefore(200, 'draft-a');
    expect(await settled(waiting)).toBe(false);
    second.answered();
    expect(await settled(waiting)).toBe(true);
    expect((arrivals as unknown as { pending: Map<unknown, unknown> }).pending.size).toBe(0);
  });

  it('gives up after the longest wait: a stuck request does not stop the clocks', async () => {
    const arrivals = new ArrivalsInFlight();
    arrivals.enter(100, 'draft-a');
    const startedAt = Date.now();
    await arrivals.answeredBefore(101, 'draft-a', 50);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(45);
  });

  it('lets a bid go once the earlier commands of its draft are in its queue, not only once they are answered', async () => {
    const arrivals = new ArrivalsInFlight();
    const early = arrivals.enter(100, 'draft-a');
    arrivals.enter(200, 'draft-a');
    // Nothing received before it on its way: no promise, no extra turn of the event loop.
    expect(arrivals.queuedBefore(100, 'draft-a')).toBeUndefined();
    expect(arrivals.queuedBefore(300, 'draft-b')).toBeUndefined();
    const bid = arrivals.queuedBefore(150, 'draft-a')!;
    const clock = arrivals.answeredBefore(150, 'draft-a');
    expect(await settled(bid)).toBe(false);
    early.queued('draft-a');
    expect(await settled(bid)).toBe(true);
    // The clock still waits for its answer: a queued bid may move the deadline.
    expect(await settled(clock)).toBe(false);
    expect(arrivals.queuedBefore(150, 'draft-a')).toBeUndefined();
    early.answered();
    expect(await settled(clock)).toBe(true);
  });

  it('files a command under its draft once it is queued, so other drafts stop waiting for it', async () => {
    const arrivals = new ArrivalsInFlight();
    const unknown = arrivals.enter(100, null);
    const inB = arrivals.answeredBefore(200, 'draft-b');
    expect(await settled(inB)).toBe(false);
    expect(arrivals.queuedBefore(200, 'draft-a')).toBeDefined();
    unknown.queued('DRAFT-A');
    // Draft b's clock no longer waits for a command of draft a; draft a's still does, until it is answered.
    expect(await settled(inB)).toBe(true);
    const inA = arrivals.answeredBefore(200, 'draft-a');
    expect(await settled(inA)).toBe(false);
    unknown.answered();
    expect(await settled(inA)).toBe(true);
    expect((arrivals as unknown as { pending: Map<unknown, unknown> }).pending.size).toBe(0);
  });

  it('counts an answer as queued, and a queue after the answer changes nothing', async () => {
    const arrivals = new ArrivalsInFlight();
    const refused = arrivals.enter(100, null);
    const bid = arrivals.queuedBefore(200, 'draft-a')!;
    refused.answered();
    expect(await settled(bid)).toBe(true);
    refused.queued('draft-a');
    expect((arrivals as unknown as { pending: Map<unknown, unknown> }).pending.size).toBe(0);
  });

  it('files a command under the draft it names before it is queued: bids of that draft still wait for it', async () => {
    const arrivals = new ArrivalsInFlight();
    const rest = arrivals.enter(100, null);
    const inBWhileUnknown = arrivals.queuedBefore(200, 'draft-b')!;
    expect(await settled(inBWhileUnknown)).toBe(false);
    rest.named('draft-a');
    // Released by the name, long before the command reaches draft a's queue.
    expect(await settled(inBWhileUnknown)).toBe(true);
    expect(arrivals.queuedBefore(200, 'draft-b')).toBeUndefined();
    const inA = arrivals.queuedBefore(200, 'draft-a')!;
    expect(await settled(inA)).toBe(false);
    // Named once: a second name changes nothing.
    rest.named('draft-b');
    expect(arrivals.queuedBefore(200, 'draft-b')).toBeUndefined();
    rest.queued('draft-a');
    expect(await settled(inA)).toBe(true);
    rest.answered();
  });
});
