import { isId, replayAtAsSent, replayQuerySchema } from '@auction/contracts';

export type ReplayFormat = 'text' | 'json' | 'csv';

export interface ReplayArgs {
  draftId: string;
  /** Stream version to stop after; undefined = the whole log. */
  at?: number;
  /** `--at` as written (replayAtAsSent), for a message that names it. */
  atAsSent?: string;
  format: ReplayFormat;
}

export const REPLAY_USAGE = 'usage: npm run replay -- <draftId> [--at N] [--json|--csv]';

/** A mistake in the command line: printed on stderr with the usage, exit code 2. */
export class UsageError extends Error {}

/** Parses `<draftId> [--at N] [--json|--csv]` (also `--at=N`). Pure: throws UsageError on anything else. */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  let draftId: string | undefined;
  let at: number | undefined;
  let atAsSent: string | undefined;
  const formats: ReplayFormat[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--json' || arg === '--csv') formats.push(arg === '--json' ? 'json' : 'csv');
    else if (arg === '--at' || arg.startsWith('--at=')) {
      if (at !== undefined) throw new UsageError('--at given twice');
      const value = arg === '--at' ? argv[(i += 1)] : arg.slice('--at='.length);
      at = parseAt(value);
      atAsSent = replayAtAsSent(value!);
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (draftId === undefined) draftId = arg;
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  if (draftId === undefined) throw new UsageError('missing <draftId>');
  if (!isId(draftId)) throw new UsageError(`invalid draft id ${draftId}: expected a UUID`);
  if (formats.length > 1) throw new UsageError('choose one of --json and --csv');
  // Ids name streams in lower case, as the HTTP routes read them.
  return {
    draftId: draftId.toLowerCase(),
    ...(at !== undefined && { at, atAsSent }),
    format: formats[0] ?? 'text',
  };
}

/** The HTTP route's rule (`GET /drafts/{id}/replay?at=N`): any count of digits, past every version = beyond the log. */
function parseAt(value: string | undefined): number {
  if (value === undefined || value === '') throw new UsageError('--at needs a number of events (1 or more)');
  const parsed = replayQuerySchema.safeParse({ at: value });
  if (!parsed.success || parsed.data.at === undefined) {
    throw new UsageError(`--at ${value}: expected a whole number of events (a stream version, 1 or more)`);
  }
  return parsed.data.at;
}
