import { z } from 'zod';
import { idSchema } from './ids.js';
import { wholeNumberQuerySchema } from './query-numbers.js';
import { draftStatusSchema, teamRefSchema } from './drafts.js';

/*
 * Audit of a draft's event log (issue 5): the events page, the replay of the draft at one event, the hash chain
 * check and the results export. Admins read every draft; a team owner reads the drafts their team plays in.
 *
 * Positions: `globalPosition` is the event's place in the whole log, a decimal string (as the live events'
 * `position`: it is a bigint in the database). `streamVersion` is the event's number within the draft's stream,
 * 1-based and without gaps: replay's `at` counts in stream versions.
 *
 * Team names come from the teams read model (their CURRENT names and numbers): the draft's events hold team ids
 * only. A team deleted since shows as "Unknown team", number 0.
 */

// ---------------------------------------------------------------------------------------------------------------
// GET /api/drafts/{id}/events?after=<globalPosition>&limit=<n>
// ---------------------------------------------------------------------------------------------------------------

export const AUDIT_EVENTS_DEFAULT_LIMIT = 100;
export const AUDIT_EVENTS_LIMIT_MAX = 500;

const LIMIT_RANGE_MESSAGE = `limit must be a whole number between 1 and ${AUDIT_EVENTS_LIMIT_MAX}`;

/** The largest global position (PostgreSQL's bigint). */
const POSITION_MAX = '9223372036854775807';

/** `after` is the previous page's `nextAfter` (a global position); absent for the first page. */
export const auditEventsQuerySchema = z.object({
  after: z
    .string({ error: 'after must be a global position (a whole number)' })
    .regex(/^[0-9]+$/, { error: 'after must be a global position (a whole number ≥ 0)' })
    // Leading zeros are digits like any count's (`limit=05`): the position is the same number without them.
    .transform((after) => after.replace(/^0+(?=[0-9])/, ''))
    // Any position a log can reach (PostgreSQL's bigint) is one: past the end is an empty last page.
    .refine((after) => after.length < 19 || (after.length === 19 && after <= POSITION_MAX), {
      error: `after must be a global position (a whole number from 0 to ${POSITION_MAX})`,
    })
    .optional(),
  limit: wholeNumberQuerySchema({
    min: 1,
    max: AUDIT_EVENTS_LIMIT_MAX,
    invalid: LIMIT_RANGE_MESSAGE,
    range: LIMIT_RANGE_MESSAGE,
  })
    .optional()
    .transform((limit) => limit ?? AUDIT_EVENTS_DEFAULT_LIMIT),
});
export type AuditEventsQuery = z.input<typeof auditEventsQuerySchema>;

/** Who sent the command that produced the event; null for the server's own (clock-driven) events. */
export const auditActorSchema = z.object({ id: z.string(), username: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEventSchema = z.object({
  globalPosition: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  /** The event's data as stored (the domain's event shapes: amounts in whole dollars, team ids, ISO times). */
  data: z.record(z.string(), z.unknown()),
  actor: auditActorSchema.nullable(),
  /** The idempotency key of the command that appended the event (null for events appended without one). */
  commandId: z.string().nullable(),
  /** ISO time the log recorded the event (the database's clock at commit). */
  recordedAt: z.string(),
  /** sha256 chained to the previous event of the stream (ADR 0009); null for rows not yet backfilled. */
  hash: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventsDataSchema = z.object({
  draftId: idSchema,
  /** Oldest first (stream order). */
  events: z.array(auditEventSchema),
  /** Pass as `after` for the next page; null when this page is the last. */
  nextAfter: z.string().nullable(),
  hasMore: z.boolean(),
  /** Events in the draft's stream (its last stream version). */
  total: z.number().int(),
});
export type AuditEventsData = z.infer<typeof auditEventsDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/drafts/{id}/replay?at=N
// ---------------------------------------------------------------------------------------------------------------

const AT_MESSAGE = 'at must be a whole number of events (a stream version, 1 or more)';

/**
 * `at` as the caller wrote it, less its leading zeros: what a message about it names. Past 15 digits the parsed
 * version is only "past every log" (Number.MAX_SAFE_INTEGER), and naming that number would name one never sent.
 */
export const replayAtAsSent = (digits: string): string => digits.replace(/^0+(?=[0-9])/, '');

/** `at`: the stream version to stop after (1 = just the draft's creation). Absent: the whole log. */
export const replayQuerySchema = z.object({
  at: z
    .string({ error: AT_MESSAGE })
    .regex(/^[0-9]+$/, { error: AT_MESSAGE })
    .transform(replayAtAsSent)
    // Past every version a log can hold is "beyond the log" like any other, not a malformed number.
    .transform((at) => (at.length > 15 ? Number.MAX_SAFE_INTEGER : Number(at)))
    .pipe(z.number().min(1, { error: AT_MESSAGE }))
    .optional(),
});
export type ReplayQuery = z.input<typeof replayQuerySchema>;

export const replayBudgetSchema = z.object({
  total: z.number().int(),
  spent: z.number().int(),
  remaining: z.number().int(),
  /** The most the team could bid at that point (remaining minus $1 per other open slot). */
  maxBid: z.number().int(),
});

export const replaySlotsSchema = z.object({
  total: z.number().int(),
  filled: z.number().int(),
  open: z.number().int(),
});

export const replayRosterEntrySchema = z.object({
  pickId: z.string(),
  pickNumber: z.number().int(),
  playerId: z.string(),
  playerName: z.string(),
  position: z.string(),
  nflTeam: z.string(),
  cost: z.number().int(),
});
export type ReplayRosterEntry = z.infer<typeof replayRosterEntrySchema>;

export const replayTeamSchema = z.object({
  team: teamRefSchema,
  budget: replayBudgetSchema,
  slots: replaySlotsSchema,
  /** In pick order. */
  roster: z.array(replayRosterEntrySchema),
});
export type ReplayTeam = z.infer<typeof replayTeamSchema>;

export const replayBidSchema = z.object({ team: teamRefSchema, amount: z.number().int(), at: z.string() });

export const replayAuctionSchema = z.object({
  auctionId: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  position: z.string(),
  nflTeam: z.string(),
  openingBid: z.number().int(),
  currentBid: z.number().int(),
  currentBidder: teamRefSchema,
  nominatedBy: teamRefSchema,
  /** Every accepted bid, OLDEST first, the opening bid included. */
  bids: z.array(replayBidSchema),
  startedAt: z.string(),
  deadline: z.string(),
  /** Milliseconds left when the draft paused; null while running. */
  pausedTimeLeftMs: z.number().int().nullable(),
  auto: z.boolean(),
});
export type ReplayAuction = z.infer<typeof replayAuctionSchema>;

export const replayPickSchema = replayRosterEntrySchema.extend({
  team: teamRefSchema,
  source: z.enum(['auction', 'admin', 'keeper']),
  pickedAt: z.string(),
});
export type ReplayPick = z.infer<typeof replayPickSchema>;

export const replayDataSchema = z.object({
  draftId: idSchema,
  /** The stream version the state stands after. */
  at: z.number().int(),
  /** The stream's last version when this was read (the scrubber's maximum). */
  lastVersion: z.number().int(),
  /** The event number `at` itself. */
  event: z.object({ type: z.string(), globalPosition: z.string(), recordedAt: z.string() }),
  name: z.string(),
  status: draftStatusSchema,
  /** True once a DraftDeleted event is folded. */
  deleted: z.boolean(),
  currentRound: z.number().int(),
  currentTeamTurn: teamRefSchema.nullable(),
  settings: z.object({
    teamsCount: z.number().int(),
    playersPerTeam: z.number().int(),
    budgetPerTeam: z.number().int(),
  }),
  auction: replayAuctionSchema.nullable(),
  /** Every team in the draft: in turn order once started, else as assigned. */
  teams: z.array(replayTeamSchema),
  /** Every pick, by pick number. */
  picks: z.array(replayPickSchema),
});
export type ReplayData = z.infer<typeof replayDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/drafts/{id}/verify
// ---------------------------------------------------------------------------------------------------------------

export const verifyDataSchema = z.object({
  draftId: idSchema,
  ok: z.boolean(),
  /** Events checked (the stream's version) when ok. */
  events: z.number().int(),
  /** The first event whose hash disagrees (globalPosition null when that event is missing); null when ok. */
  brokenAt: z.object({ streamVersion: z.number().int(), globalPosition: z.string().nullable() }).nullable(),
  /** Why the chain breaks there; null when ok. */
  reason: z.string().nullable(),
});
export type VerifyData = z.infer<typeof verifyDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/drafts/{id}/results.csv and `npm run replay -- <id> --csv`
// ---------------------------------------------------------------------------------------------------------------

/** One line of the results export, in pick-number order. */
export const resultsRowSchema = z.object({
  team: z.string(),
  player: z.string(),
  position: z.string(),
  nflTeam: z.string(),
  cost: z.number().int(),
  pickNumber: z.number().int(),
});
export type ResultsRow = z.infer<typeof resultsRowSchema>;

/** The CSV's header line, in column order (RFC 4180, comma separated, CRLF line ends, UTF-8). */
export const RESULTS_CSV_HEADER = ['Team', 'Player', 'Position', 'NFL Team', 'Cost', 'Pick Number'] as const;
