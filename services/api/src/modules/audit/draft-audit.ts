import type { AuditEvent, AuditEventsData, ReplayData, ResultsRow, VerifyData } from '@auction/contracts';
import { draftStreamId, type DraftState } from '@auction/domain';
import { verifyStream, type SqlClient } from '@auction/event-store';
import { auditDraftNotFound, replayBeyondLog } from './audit.errors.js';
import { DraftLogReader, type DraftLogEvent } from './draft-log.reader.js';
import { foldLog, teamIdsNamedBy, toReplayData, type TeamRefs } from './draft-replay.js';
import { toResultsRows } from './draft-results.js';
import { readTeamRefs } from './team-names.js';

/** A draft folded up to one event, with the names of the teams it mentions. */
export interface DraftAtEvent {
  state: DraftState;
  refs: TeamRefs;
  events: DraftLogEvent[];
  at: number;
  lastVersion: number;
}

/**
 * The audit's reads of one draft's log, shared by the HTTP routes and the replay CLI (which runs without Nest).
 * Every read first checks the stream exists: an unknown draft is a NotFoundError, never an empty answer.
 */
export class DraftAudit {
  private readonly log: DraftLogReader;

  constructor(private readonly client: SqlClient) {
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

  /** Folds the draft's events 1..at (all of them when `at` is absent); `at` past the log is a ValidationError. */
  async stateAt(draftId: string, at?: number): Promise<DraftAtEvent> {
    const lastVersion = await this.assertExists(draftId);
    const until = at ?? lastVersion;
    if (until > lastVersion) throw replayBeyondLog(until, lastVersion);
    const events = await this.log.upTo(draftId, until);
    const state = foldLog(events);
    const refs = await readTeamRefs(this.client, teamIdsNamedBy(state));
    return { state, refs, events, at: until, lastVersion };
  }

  async replay(draftId: string, at?: number): Promise<ReplayData> {
    const folded = await this.stateAt(draftId, at);
    return toReplayData(folded.state, folded.refs, {
      draftId,
      at: folded.at,
      lastVersion: folded.lastVersion,
      event: folded.events.at(-1)!,
    });
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
    const { state, refs } = await this.stateAt(draftId);
    return toResultsRows(state, refs);
  }
}

export function toAuditEvent(event: DraftLogEvent): AuditEvent {
  const { actorId, actorUsername, commandId } = event.metadata;
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
