import { describe, expect, it } from '@jest/globals';
import { auditChaos, auditResends, type LoggedEvent } from './chaos-audit.js';

const S = 'draft-1';
const t = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
const ms = (seconds: number) => Date.parse(t(seconds));
let command = 0;
const event = (type: string, data: Record<string, unknown>, commandId = `c${++command}`): LoggedEvent => ({
  streamId: S,
  type,
  data,
  commandId,
});

const log: LoggedEvent[] = [
  event('DraftStarted', { nominationDeadline: t(2) }),
  event('PlayerNominated', { auctionId: 'a1', auto: true, nominatedAt: t(3), deadline: t(6) }),
  event('BidPlaced', { auctionId: 'a1', teamId: 'x', amount: 2, deadline: t(8) }),
  event('AuctionCompleted', { auctionId: 'a1', completedAt: t(20) }, 'done'),
  event('PlayerSold', { pick: { playerId: 'p1' } }, 'done'),
];

describe('auditChaos', () => {
  it('finds acknowledged bids missing from the log, and nothing else when all is well', () => {
    const audit = auditChaos(
      log,
      [
        { auctionId: 'a1', teamId: 'x', amount: 2 },
        { auctionId: 'a1', teamId: 'y', amount: 3 },
      ],
      [],
    );
    expect(audit.ackedBids).toBe(2);
    expect(audit.lostBids).toEqual([{ auctionId: 'a1', teamId: 'y', amount: 3 }]);
    expect(audit.duplicatedCommands + audit.duplicatedBids + audit.duplicatedCompletions).toBe(0);
    expect(audit.duplicatedSales).toBe(0);
  });

  it('counts a command or a fact that landed twice', () => {
    const twice = [
      ...log,
      event('BidPlaced', { auctionId: 'a1', teamId: 'x', amount: 2, deadline: t(8) }, 'done'),
      event('AuctionCompleted', { auctionId: 'a1', completedAt: t(21) }),
    ];
    const audit = auditChaos(twice, [], []);
    expect(audit.duplicatedBids).toBe(1);
    expect(audit.duplicatedCompletions).toBe(1);
    expect(audit.duplicatedCommands).toBe(0);
    expect(
      auditChaos([...log, event('PlayerSold', { pick: { playerId: 'p1' } }, 'done')], [], []),
    ).toMatchObject({ duplicatedCommands: 1, duplicatedSales: 1 });
  });

  it('measures each timer from its last deadline, and from the restart when the API was down at the deadline', () => {
    const { timers } = auditChaos(log, [], [{ killedAt: ms(7), healthyAt: ms(18) }]);
    expect(timers).toEqual([
      {
        kind: 'nomination',
        streamId: S,
        deadline: ms(2),
        firedAt: ms(3),
        lateMs: 1000,
        interrupted: false,
        lateAfterUpMs: 1000,
      },
      {
        kind: 'auction',
        streamId: S,
        deadline: ms(8),
        firedAt: ms(20),
        lateMs: 12_000,
        interrupted: true,
        lateAfterUpMs: 2000,
      },
    ]);
    // Killed just after the deadline, before the timer fired: measured from the restart too.
    const killedAfter = auditChaos(log, [], [{ killedAt: ms(8) + 170, healthyAt: ms(19) }]).timers[1]!;
    expect(killedAfter).toMatchObject({ interrupted: true, lateAfterUpMs: 1000 });
  });
});

describe('auditResends', () => {
  const committed = (key: string, recordedAt: number): LoggedEvent => ({
    ...event('BidPlaced', { auctionId: 'a1' }, `draft-1:user-1:PlaceBid:${key}`),
    recordedAt,
  });
  const events = [committed('k1', 1000), committed('k2', 5000), ...log];

  it('tells re-sent bids that had committed before the cut-off, and whether their re-send answered 200', () => {
    expect(
      auditResends(events, [
        { key: 'k1', cutOffAt: 1500, status: 200 },
        { key: 'k2', cutOffAt: 1500, status: 200 },
        { key: 'k3', cutOffAt: 1500, status: 409 },
      ]),
    ).toEqual({
      resent: 3,
      committedBeforeCutOff: 1,
      committedAnswered200: 1,
      refusedButLogged: 0,
      refusedButLoggedDetails: [],
    });
  });

  it('counts a committed bid whose re-send was refused', () => {
    expect(
      auditResends(events, [{ key: 'k1', cutOffAt: 1500, status: 409, message: 'Bid must be at least $9' }]),
    ).toEqual({
      resent: 1,
      committedBeforeCutOff: 1,
      committedAnswered200: 0,
      refusedButLogged: 1,
      refusedButLoggedDetails: ['409 "Bid must be at least $9", committed -500 ms after the cut-off'],
    });
  });
});
