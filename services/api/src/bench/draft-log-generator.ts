import { randomUUID } from 'node:crypto';
import { eventHash, GENESIS_HASH } from '@auction/event-store';

/** One es_events row to insert, with its chained hash (ADR 0009) already computed. */
export interface GeneratedEvent {
  streamId: string;
  streamVersion: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  hash: string;
  recordedAt: Date;
}

export const BENCH_TEAMS_PER_DRAFT = 12;
export const BENCH_PLAYERS_PER_TEAM = 20;
export const BENCH_BUDGET = 260;
/** Provider ids of the made-up catalogue every generated draft buys from (`bench-0` …). */
export const BENCH_PLAYER_COUNT = BENCH_TEAMS_PER_DRAFT * BENCH_PLAYERS_PER_TEAM;
export const benchPlayerId = (index: number) => `bench-${index}`;

const POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'];

/** Appends chain hashes stream by stream, as the store would. */
class StreamWriter {
  private readonly heads = new Map<string, { version: number; hash: string }>();

  constructor(
    private readonly sink: GeneratedEvent[],
    private readonly clock: { now: number },
  ) {}

  append(streamId: string, type: string, data: Record<string, unknown>, actor: string | null): void {
    const head = this.heads.get(streamId) ?? { version: 0, hash: GENESIS_HASH };
    const streamVersion = head.version + 1;
    const metadata = {
      commandId: randomUUID(),
      actorId: actor === null ? null : randomUUID(),
      actorUsername: actor ?? 'system',
    };
    // Round-trip like the store does, so the hash covers exactly what jsonb gives back.
    const stored = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    const hash = eventHash({ streamId, streamVersion, type, data: stored, metadata }, head.hash);
    this.clock.now += 37;
    this.sink.push({
      streamId,
      streamVersion,
      type,
      data: stored,
      metadata,
      hash,
      recordedAt: new Date(this.clock.now),
    });
    this.heads.set(streamId, { version: streamVersion, hash });
  }

  streams(): Map<string, { version: number; hash: string }> {
    return this.heads;
  }
}

/** How a generated draft is played. */
export interface DraftShape {
  /** Each auction gets minBids..minBids+8 bids (about minBids+4 on average): 3 gives ~2,650 events a draft. */
  minBids: number;
}

const DEFAULT_SHAPE: DraftShape = { minBids: 3 };

/** A whole 12-team, 20-player auction draft, one event at a time (a generator, so drafts can interleave). */
function* draftEvents(
  writer: StreamWriter,
  clock: { now: number },
  seed: number,
  shape: DraftShape = DEFAULT_SHAPE,
): Generator<void> {
  const draftId = randomUUID();
  const stream = `draft-${draftId}`;
  const teamIds = Array.from({ length: BENCH_TEAMS_PER_DRAFT }, () => randomUUID());
  for (const [i, teamId] of teamIds.entries()) {
    writer.append(
      `team-${teamId}`,
      'TeamCreated',
      { teamId, name: `Bench ${seed} Team ${i + 1}`, teamNumber: i + 1 },
      'admin',
    );
    yield;
  }
  const iso = () => new Date(clock.now).toISOString();
  const settings = {
    teamsCount: BENCH_TEAMS_PER_DRAFT,
    playersPerTeam: BENCH_PLAYERS_PER_TEAM,
    budgetPerTeam: BENCH_BUDGET,
    draftType: 'auction',
    auctionTimeLimit: 30,
    bidTimeReset: 30,
    nominationTimeLimit: 30,
  };
  writer.append(
    stream,
    'DraftCreated',
    { draftId, name: `Bench draft ${seed}`, settings, createdAt: iso() },
    'admin',
  );
  yield;
  writer.append(stream, 'DraftTeamsAssigned', { teamIds }, 'admin');
  yield;
  writer.append(
    stream,
    'DraftStarted',
    {
      teamOrder: teamIds,
      currentTeamTurn: teamIds[0],
      currentRound: 1,
      startedAt: iso(),
      teamsCount: teamIds.length,
    },
    'admin',
  );
  yield;
  const picks = BENCH_TEAMS_PER_DRAFT * BENCH_PLAYERS_PER_TEAM;
  for (let pickNumber = 1; pickNumber <= picks; pickNumber += 1) {
    // Each team nominates in turn and wins its own nomination, so rosters fill evenly and budgets stay legal.
    const nominator = teamIds[(pickNumber - 1) % teamIds.length]!;
    const rival = teamIds[pickNumber % teamIds.length]!;
    const auctionId = randomUUID();
    const player = benchPlayerId(pickNumber - 1);
    const bids = shape.minBids + ((pickNumber * 7 + seed) % 9);
    writer.append(
      stream,
      'PlayerNominated',
      {
        playerId: player,
        playerName: `Bench Player ${pickNumber}`,
        position: POSITIONS[pickNumber % POSITIONS.length],
        nflTeam: 'BEN',
        projectedPoints: 100,
        auctionId,
        nominatedBy: nominator,
        openingBid: 1,
        nominatedAt: iso(),
        deadline: iso(),
        timeLimit: 30,
        auto: false,
      },
      'owner',
    );
    yield;
    let amount = 1;
    for (let b = 0; b < bids; b += 1) {
      amount += 1;
      // The nominator always has the last word.
      const teamId = (bids - b) % 2 === 1 ? nominator : rival;
      writer.append(stream, 'BidPlaced', { auctionId, teamId, amount, at: iso(), deadline: iso() }, 'owner');
      yield;
    }
    writer.append(
      stream,
      'AuctionCompleted',
      { auctionId, winnerTeamId: nominator, winningBid: amount, completedAt: iso() },
      null,
    );
    yield;
    const pick = {
      pickId: randomUUID(),
      pickNumber,
      playerId: player,
      playerName: `Bench Player ${pickNumber}`,
      position: POSITIONS[pickNumber % POSITIONS.length],
      nflTeam: 'BEN',
      teamId: nominator,
      cost: amount,
      source: 'auction',
      pickedAt: iso(),
    };
    writer.append(stream, 'PlayerSold', { pick }, null);
    yield;
    if (pickNumber < picks) {
      const next = teamIds[pickNumber % teamIds.length]!;
      const round = Math.floor(pickNumber / teamIds.length) + 1;
      writer.append(
        stream,
        'NominationTurnPassed',
        { currentTeamTurn: next, currentRound: round, nominationDeadline: iso() },
        null,
      );
      yield;
    }
  }
  writer.append(stream, 'DraftCompleted', { completedAt: iso() }, null);
  yield;
}

/**
 * `total` events of `concurrent` drafts played at once (interleaved event by event, as live drafts are in the
 * log), each stream's hash chain valid. The last drafts may stop mid-way: their streams are still consistent.
 */
export function generateDraftLog(
  total: number,
  concurrent = 8,
): { events: GeneratedEvent[]; streams: Map<string, { version: number; hash: string }> } {
  const events: GeneratedEvent[] = [];
  const clock = { now: Date.parse('2025-08-30T18:00:00.000Z') };
  const writer = new StreamWriter(events, clock);
  let seed = 0;
  const running: Generator<void>[] = [];
  while (events.length < total) {
    while (running.length < concurrent) running.push(draftEvents(writer, clock, (seed += 1)));
    for (let i = running.length - 1; i >= 0 && events.length < total; i -= 1) {
      if (running[i]!.next().done) running.splice(i, 1);
    }
  }
  return { events, streams: writer.streams() };
}

/**
 * One whole draft on its own (its teams' TeamCreated events first): the audit's replay benchmark folds one long
 * draft. `minBids: 14` gives 5,043 events in the draft's stream.
 */
export function generateOneDraft(
  shape: DraftShape,
  seed = 1,
): { events: GeneratedEvent[]; streams: Map<string, { version: number; hash: string }> } {
  const events: GeneratedEvent[] = [];
  const clock = { now: Date.parse('2025-08-30T18:00:00.000Z') };
  const writer = new StreamWriter(events, clock);
  const steps = draftEvents(writer, clock, seed, shape);
  for (let step = steps.next(); step.done !== true; step = steps.next()) {
    // each step appends one event
  }
  return { events, streams: writer.streams() };
}
