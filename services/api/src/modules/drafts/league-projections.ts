import { Inject, Injectable } from '@nestjs/common';
import { DRAFT_EVENT_TYPES, TEAM_EVENT_TYPES } from '@auction/domain';
import type { RecordedEvent, SqlClient, StatementWrites } from '@auction/event-store';
import type {
  LogProjection,
  Projection,
  StatementRecord,
} from '../../infrastructure/event-sourcing/projection.js';
import { upcastRecords, type LeagueEvent } from '../../infrastructure/event-sourcing/upcast-records.js';
import { TeamProjection } from '../teams/index.js';
import { AuctionsProjection } from './auctions.projection.js';
import { DraftTeamsProjection } from './draft-teams.projection.js';
import { DraftProjection } from './draft.projection.js';
import { PicksProjection } from './picks.projection.js';

export type LeagueProjection = Projection<LeagueEvent>;

/**
 * The league's inline read models, one projection per read model, run together: stored records are upcast once
 * and each projection gets, in log order, the events it handles. They never read each other's tables, so their
 * order does not matter and any subset can run alone (`only`, for a rebuild of one read model).
 */
export class LeagueProjectionSet implements LogProjection {
  readonly name: string;
  readonly tables: readonly string[];
  /** Every league event type one of the projections handles (LogProjection.eventTypes). */
  readonly eventTypes: readonly string[];
  private readonly handled: ReadonlySet<string>;

  constructor(readonly projections: readonly LeagueProjection[]) {
    this.name = projections.map((projection) => projection.name).join('+');
    this.tables = projections.flatMap((projection) => projection.tables);
    this.eventTypes = [...TEAM_EVENT_TYPES, ...DRAFT_EVENT_TYPES].filter((type) =>
      projections.some((projection) => projection.handles(type)),
    );
    this.handled = new Set(this.eventTypes);
  }

  /** Every league projection, constructed without Nest (CLIs, benchmarks, tests). */
  static all(): LeagueProjectionSet {
    return new LeagueProjectionSet([
      new TeamProjection(),
      new DraftProjection(),
      new DraftTeamsProjection(),
      new PicksProjection(),
      new AuctionsProjection(),
    ]);
  }

  get names(): string[] {
    return this.projections.map((projection) => projection.name);
  }

  /** The projections named (each must exist): a rebuild of some read models only. */
  only(names: readonly string[]): LeagueProjectionSet {
    const unknown = names.filter((name) => !this.names.includes(name));
    if (unknown.length > 0) {
      throw new Error(`unknown projection ${unknown.join(', ')} (known: ${this.names.join(', ')})`);
    }
    return new LeagueProjectionSet(this.projections.filter((projection) => names.includes(projection.name)));
  }

  /**
   * The writes of every projection for events about to be appended to `streamId` after `version`, as parts of the
   * append's one statement; null when any projection that handles them needs its transaction (ADR 0020).
   */
  inStatement(streamId: string, events: readonly LeagueEvent[], version: number): StatementWrites | null {
    const records = events.map((event, index) => ({ event, streamId, streamVersion: version + index + 1 }));
    const parts: StatementWrites[] = [];
    for (const projection of this.projections) {
      const mine: StatementRecord<LeagueEvent>[] = records.filter((record) =>
        projection.handles(record.event.type),
      );
      if (mine.length === 0) continue;
      const writes = projection.inStatement?.(mine) ?? null;
      if (!writes) return null;
      parts.push(writes);
    }
    return (param, ifAppended) => parts.flatMap((writes) => writes(param, ifAppended));
  }

  async apply(recorded: readonly RecordedEvent[], tx: SqlClient): Promise<void> {
    // Only what some projection reads is upcast: the rest may have come without its data (eventTypes).
    const events = upcastRecords(recorded.filter((record) => this.handled.has(record.type)));
    for (const projection of this.projections) {
      const mine = events.filter((record) => projection.handles(record.event.type));
      if (mine.length > 0) await projection.apply(mine, tx);
    }
  }
}

/** The set as a Nest provider: the draft stream's inline projections. */
@Injectable()
export class LeagueProjections extends LeagueProjectionSet {
  constructor(
    @Inject(TeamProjection) teams: TeamProjection,
    @Inject(DraftProjection) drafts: DraftProjection,
    @Inject(DraftTeamsProjection) draftTeams: DraftTeamsProjection,
    @Inject(PicksProjection) picks: PicksProjection,
    @Inject(AuctionsProjection) auctions: AuctionsProjection,
  ) {
    super([teams, drafts, draftTeams, picks, auctions]);
  }
}
