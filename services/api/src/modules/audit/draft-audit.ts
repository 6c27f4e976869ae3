import type { AuditEvent, AuditEventsData, ReplayData, ResultsRow, VerifyData } from '@auction/contracts';
import { draftStreamId } from '@auction/domain';
import { verifyStream, type SqlClient } from '@auction/event-store';
import { applyToFold, copyFold, initialAuditFold, type AuditFold } from './audit-fold.js';
import { AuditSnapshots } from './audit-snapshots.js';
import { auditDraftNotFound, logEventMissing, logEventUnreadable, replayBeyondLog } from './audit.errors.js';
import {
  DraftLogReader,
  toDraftEvent,
  type DraftLogEvent,
  type FoldRow,
  type ReplayPoint,
} from './draft-log.reader.js';
import { teamIdsNamedBy, toReplayData, type TeamRefs } from './draft-replay.js';
import { toResultsRows } from './draft-results.js';
import { readTeamRefs } from './team-names.js';

/** A draft folded up to one event, with the names of the teams it mentions. */
export interface DraftAtEvent {
  fold: AuditFold;
  refs: TeamRefs;
  /** The event the fold stops after. */
  event: NonNullable<ReplayPoint['event']>;
  at: number;
  lastVersion: number;
}

/**
 * The audit's reads of one draft's log, shared by the HTTP routes and the replay CLI (which runs without Nest).
 * Every read first checks the stream exists: an unknown draft is a NotFoundError, never an empty answer.
 */
export class DraftAudit {
  private readonly log: DraftLogReader;

  /** `snapshots` outlive the request: the app shares one set (AuditAccess), the CLI keeps its own. */
  constructor(
    private readonly client: SqlClient,
    private readonly snapshots = new AuditSnapshots(),
  ) {
    this.log = new DraftLogReader(client);
  }

  /** Throws NotFoundError when the draft has no stream; answers its last version otherwise. */
  async assertExists(draftId: string): Promise<number> {
    const lastVersion = await this.log.lastVersion(draftId);
    if (lastVersion === 0) throw auditDraftNotFound();
    return lastVersion;
  }

  async eventsPage(draftId: string, after: string | undefined, limit: number): Promise<AuditEventsData> {
    await this.assertExists(draftId);
    // One extra row tells whether another page follows without counting.
    const { events, lastVersion } = await this.log.page(draftId, after ?? '0', limit + 1);
    const page = events.slice(0, limit);
    const hasMore = events.length > limit;
    return {
      draftId,
      events: page.map(toAuditEvent),
      nextAfter: hasMore ? page.at(-1)!.globalPosition : null,
      hasMore,
      total: lastVersion,
    };
  }

  /** See DraftLogReader.firstUnsaltedOf. */
  firstUnsaltedOf(
    draftId: string,
    types: readonly string[],
    ownTeamIds: readonly string[],
  ): Promise<number | null> {
    return this.log.firstUnsaltedOf(draftId, types, ownTeamIds);
  }

  /**
   * The draft after its event `at` (the last when absent); `at` past the log is a ValidationError. Folds from the
   * nearest snapshot at or before `at` (a little over SNAPSHOT_EVERY events at most), or from the start when there is none
   * or the log no longer matches it, keeping snapshots on the way.
   */
  async stateAt(draftId: string, at?: number, atAsSent = String(at)): Promise<DraftAtEvent> {
    const { lastVersion, event } = await this.log.pointAt(draftId, at);
    if (lastVersion === 0) throw auditDraftNotFound();
    const until = at ?? lastVersion;
    if (until > lastVersion) throw replayBeyondLog(atAsSent, lastVersion);
    if (event === null) throw logEventMissing(until);
    const fold = await this.foldUpTo(draftId, until);
    const refs = await readTeamRefs(this.client, teamIdsNamedBy(fold));
    return { fold, refs, event, at: until, lastVersion };
  }

  /** Every stored event 1..at, whole (the CLI's timeline and JSON export). */
  eventsUpTo(draftId: string, at: number): Promise<DraftLogEvent[]> {
    return this.log.upTo(draftId, at);
  }

  /** `atAsSent`: `at` as the caller wrote it (replayAtAsSent), for a message that names it. */
  async replay(draftId: string, at?: number, atAsSent?: string): Promise<ReplayData> {
    const folded = await this.stateAt(draftId, at, atAsSent);
    return toReplayData(folded.fold, folded.refs, {
      draftId,
      at: folded.at,
      lastVersion: folded.lastVersion,
      event: folded.event,
    });
  }

  private async foldUpTo(draftId: string, at: number): Promise<AuditFold> {
    const snapshot = this.snapshots.nearest(draftId, at);
    if (snapshot !== undefined) {
      const rows = await this.log.forFold(draftId, snapshot.version, at);
      const first = rows[0];
      if (first?.globalPosition === snapshot.globalPosition && first.hash === snapshot.hash) {
        return this.foldRows(draftId, copyFold(snapshot.fold), rows, 1);
      }
      this.snapshots.forget(draftId);
    }
    return this.foldRows(draftId, initialAuditFold(), await this.log.forFold(draftId, 1, at), 0);
  }

  /**
   * Applies rows[start..] to `fold`, keeping a snapshot in each stretch of SNAPSHOT_EVERY versions that has none
   * (AuditSnapshots).
   * Only where no auction is open: forFold may have left out bids of an auction that a later nomination replaces,
   * so a fold with an open auction is exact for this request's `at` but not necessarily for an earlier one.
   */
  private foldRows(draftId: string, fold: AuditFold, rows: readonly FoldRow[], start: number): AuditFold {
    for (let i = start; i < rows.length; i += 1) {
      const row = rows[i]!;
      try {
        const event = toDraftEvent(row, draftId);
        if (event !== null) applyToFold(fold, event);
      } catch {
        // Only a row that is not the event its type says (rewritten with SQL) makes the upcaster or the fold throw.
        throw logEventUnreadable(row.streamVersion, row.type);
      }
      if (fold.auction === null && !this.snapshots.has(draftId, row.streamVersion)) {
        this.snapshots.keep(draftId, row, fold);
      }
    }
    return fold;
  }

  async verify(draftId: string): Promise<VerifyData> {
    await this.assertExists(draftId);
    const result = await verifyStream(this.client, draftStreamId(draftId));
    if (result.ok) return { draftId, ok: true, events: result.events, brokenAt: null, reason: null };
    const { streamVersion, globalPosition } = result.brokenAt;
    return {
      draftId,
      ok: false,
      events: await this.log.lastVersion(draftId),
      brokenAt: { streamVersion, globalPosition: globalPosition === null ? null : String(globalPosition) },
      reason: result.reason,
    };
  }

  async results(draftId: string): Promise<ResultsRow[]> {
    const { fold, refs } = await this.stateAt(draftId);
    return toResultsRows(fold, refs);
  }
}

export function toAuditEvent(event: DraftLogEvent): AuditEvent {
  // The metadata is an object unless the row was rewritten with SQL; the page still shows that row as it is.
  const metadata: Record<string, unknown> =
    typeof event.metadata === 'object' && event.metadata !== null ? event.metadata : {};
  const { actorId, actorUsername, commandId } = metadata;
  return {
    globalPosition: event.globalPosition,
    streamVersion: event.streamVersion,
    type: event.type,
    data: event.data,
    actor:
      typeof actorId === 'string'
        ? { id: actorId, username: typeof actorUsername === 'string' ? actorUsername : '' }
        : null,
    commandId: typeof commandId === 'string' ? commandId : null,
    recordedAt: event.recordedAt.toISOString(),
    hash: event.hash,
  };
}
