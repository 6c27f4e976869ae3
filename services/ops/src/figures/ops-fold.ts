import type { DraftEventMessage } from '@auction/kafka';
import { LAST_SECONDS_MS } from '@auction/ops-figures';

export { LAST_SECONDS_MS };

export type DraftStatus = 'setup' | 'active' | 'paused' | 'completed' | 'deleted';

export interface OpenAuction {
  nominatedAt: string;
  /** The deadline in force now; null while unknown (paused without a new deadline yet). */
  deadline: string | null;
}

/** What ops keeps per draft between events: enough to judge the next bid and close the next auction. */
export interface DraftOpsState {
  status: DraftStatus;
  /** Highest global position applied: a redelivered message at or below it is a duplicate. */
  lastPosition: number;
  openAuctions: Record<string, OpenAuction>;
}

export interface BidFact {
  globalPosition: number;
  auctionId: string;
  placedAt: string;
  /** Time that was left before the deadline in force when the bid came; null if ops never saw the auction open. */
  msBeforeDeadline: number | null;
}

export interface AuctionFact {
  auctionId: string;
  nominatedAt: string;
  completedAt: string;
  durationMs: number;
}

export interface OpsStep {
  state: DraftOpsState;
  duplicate: boolean;
  bid?: BidFact;
  completedAuction?: AuctionFact;
}

export const NEW_DRAFT: DraftOpsState = Object.freeze({ status: 'setup', lastPosition: 0, openAuctions: {} });

const STATUS_AFTER: Record<string, DraftStatus> = {
  DraftCreated: 'setup',
  DraftStarted: 'active',
  DraftResumed: 'active',
  DraftReopened: 'active',
  DraftPaused: 'paused',
  DraftCompleted: 'completed',
  DraftDeleted: 'deleted',
};

/**
 * Folds one draft event into the draft's ops state, and says what it adds to the figures (a bid, a completed
 * auction). Pure: the consumer stores the results. Types it does not know (and malformed data) change
 * nothing but the position, so a new event type never stops the consumer.
 */
export function applyOpsEvent(state: DraftOpsState, message: DraftEventMessage): OpsStep {
  if (message.globalPosition <= state.lastPosition) return { state, duplicate: true };
  const next: DraftOpsState = {
    status: STATUS_AFTER[message.type] ?? state.status,
    lastPosition: message.globalPosition,
    openAuctions: state.openAuctions,
  };
  const data = (message.data ?? {}) as Record<string, unknown>;
  switch (message.type) {
    case 'PlayerNominated':
      return withAuctions(next, { ...state.openAuctions, ...nominated(data) });
    case 'BidPlaced':
      return bidPlaced(next, data, message.globalPosition);
    case 'AuctionCompleted':
      return auctionCompleted(next, data);
    case 'DraftResumed':
      return withAuctions(next, resumed(state.openAuctions, data));
    case 'DraftDeleted':
      return withAuctions(next, {});
    default:
      return { state: next, duplicate: false };
  }
}

function withAuctions(state: DraftOpsState, openAuctions: Record<string, OpenAuction>): OpsStep {
  return { state: { ...state, openAuctions }, duplicate: false };
}

function nominated(data: Record<string, unknown>): Record<string, OpenAuction> {
  const auctionId = text(data['auctionId']);
  const nominatedAt = time(data['nominatedAt']);
  if (!auctionId || !nominatedAt) return {};
  return { [auctionId]: { nominatedAt, deadline: time(data['deadline']) } };
}

function bidPlaced(state: DraftOpsState, data: Record<string, unknown>, globalPosition: number): OpsStep {
  const auctionId = text(data['auctionId']);
  const placedAt = time(data['at']);
  if (!auctionId || !placedAt) return { state, duplicate: false };
  const auction = state.openAuctions[auctionId];
  const msBeforeDeadline = auction?.deadline ? Date.parse(auction.deadline) - Date.parse(placedAt) : null;
  const openAuctions = auction
    ? {
        ...state.openAuctions,
        [auctionId]: { ...auction, deadline: time(data['deadline']) ?? auction.deadline },
      }
    : state.openAuctions;
  return {
    state: { ...state, openAuctions },
    duplicate: false,
    bid: { globalPosition, auctionId, placedAt, msBeforeDeadline },
  };
}

function auctionCompleted(state: DraftOpsState, data: Record<string, unknown>): OpsStep {
  const auctionId = text(data['auctionId']);
  const completedAt = time(data['completedAt']);
  const auction = auctionId ? state.openAuctions[auctionId] : undefined;
  if (!auctionId || !auction) return { state, duplicate: false };
  const { [auctionId]: _closed, ...stillOpen } = state.openAuctions;
  const next = { ...state, openAuctions: stillOpen };
  if (!completedAt) return { state: next, duplicate: false };
  return {
    state: next,
    duplicate: false,
    completedAuction: {
      auctionId,
      nominatedAt: auction.nominatedAt,
      completedAt,
      durationMs: Date.parse(completedAt) - Date.parse(auction.nominatedAt),
    },
  };
}

/** A resume carries the open auction's new deadline (there is at most one open auction per draft). */
function resumed(
  open: Record<string, OpenAuction>,
  data: Record<string, unknown>,
): Record<string, OpenAuction> {
  const deadline = time(data['auctionDeadline']);
  if (!deadline) return open;
  return Object.fromEntries(Object.entries(open).map(([id, auction]) => [id, { ...auction, deadline }]));
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A time as the API writes it (ISO 8601, what Date.parse reads), as its ISO form in UTC, or null. The stored text is
 * read again by PostgreSQL, which has words of its own ('now' is the moment the consumer stores it, 'infinity',
 * 'epoch') and its own zone for a time without one: in ISO form it reads the instant the fold measured.
 */
function time(value: unknown): string | null {
  const given = text(value);
  if (given === null) return null;
  const ms = Date.parse(given);
  if (Number.isNaN(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1 && year <= 9999 ? new Date(ms).toISOString() : null;
}

/** Whether a bid with this much time left counts as a last-second bid (null: unknown, counted in neither). */
export function isLastSecond(msBeforeDeadline: number | null): boolean | null {
  if (msBeforeDeadline === null || Number.isNaN(msBeforeDeadline)) return null;
  return msBeforeDeadline >= 0 && msBeforeDeadline <= LAST_SECONDS_MS;
}
