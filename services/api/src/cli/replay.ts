import { DomainError } from '@auction/domain';
import {
  auditDraftNotFound,
  toAuditEvent,
  DraftAudit,
  toReplayData,
  toResultsCsv,
  toResultsRows,
  readTeamRefs,
  uuidsIn,
} from '../modules/audit/index.js';
import { cliPool } from './cli-database.js';
import { parseReplayArgs, REPLAY_USAGE, UsageError, type ReplayArgs } from './replay-args.js';
import { formatState, formatStandings, formatTimeline, printableOnTerminal } from './replay-format.js';

/** Exit code for anything the caller got wrong (flags, N, unknown draft); 1 is left for failures of ours. */
const USAGE_EXIT = 2;

async function render(args: ReplayArgs): Promise<string> {
  const pool = cliPool();
  try {
    const audit = new DraftAudit(pool);
    const folded = await audit.stateAt(args.draftId, args.at, args.atAsSent);
    const events = await audit.eventsUpTo(args.draftId, folded.at);
    // Every team the events name, those that left the draft included (the timeline names them too).
    const refs = await readTeamRefs(pool, [...uuidsIn(events.map((event) => event.data))]);
    const replay = toReplayData(folded.fold, refs, {
      draftId: args.draftId,
      at: folded.at,
      lastVersion: folded.lastVersion,
      event: folded.event,
    });
    const results = toResultsRows(folded.fold, refs);
    // As the download answers: a deleted draft has no results (its log stays replayable).
    if (args.format === 'csv') {
      if (folded.fold.deleted) throw auditDraftNotFound();
      return toResultsCsv(results);
    }
    if (args.format === 'json') {
      return `${JSON.stringify({ replay, events: events.map(toAuditEvent), results }, null, 2)}\n`;
    }
    const lines =
      args.at !== undefined
        ? formatState(replay)
        : [
            `Timeline of "${replay.name}" (${folded.lastVersion} events, times UTC)`,
            ...formatTimeline(events, refs),
            '',
            `Standings (${replay.status})`,
            ...formatStandings(replay),
          ];
    return printableOnTerminal(`${lines.join('\n')}\n`);
  } finally {
    await pool.end();
  }
}

/** `npm run replay -- <draftId> [--at N] [--json|--csv]` against DATABASE_URL. */
async function main(argv: readonly string[]): Promise<void> {
  try {
    process.stdout.write(await render(parseReplayArgs(argv)));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`replay: ${error.message}\n${REPLAY_USAGE}\n`);
      process.exitCode = USAGE_EXIT;
    } else if (error instanceof DomainError) {
      process.stderr.write(`replay: ${error.message}\n`);
      process.exitCode = USAGE_EXIT;
    } else {
      process.stderr.write(`replay failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

await main(process.argv.slice(2));
