import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { arrivalsInFlight, type ArrivalDraft, type ArrivalTicket } from './arrivals-in-flight.js';
import { knownAuctionDrafts } from './known-auction-drafts.js';

const RECEIVED_AT = Symbol('receivedAt');
const ARRIVAL = Symbol('arrival');

/** Milliseconds since the epoch: one clock read per request, the ISO text only for the routes that ask. */
type StampedRequest = { [RECEIVED_AT]?: number; [ARRIVAL]?: ArrivalTicket };

/**
 * Express middleware, registered right after the JSON body parser: stamps the instant the API had received the whole
 * request, before the guards run. Checking a bearer token reads PostgreSQL (the user, revoked tokens), which takes
 * longer the busier the database is, i.e. at an auction's deadline: a bid stamped after that read was judged by when
 * its token had been checked, not by when it arrived ("A bid counts when it arrives strictly before the deadline",
 * ADR 0006; the socket path stamps a bid as it arrives). After the body, not before: a client must not get a time
 * before the deadline by sending its headers early and its amount late.
 */
export function stampReceivedAt(request: Request, response: Response, next: NextFunction): void {
  const at = Date.now();
  (request as StampedRequest)[RECEIVED_AT] = at;
  // The draft commands (bids, maximum bids, nominations, pauses, queues): a sale or an auto-nomination waits for
  // those received before it (arrivalsInFlight). Reads and the other routes never hold up a clock.
  const draft = draftCommandOf(request);
  if (draft !== undefined) {
    const arrival = arrivalsInFlight.enter(at, draft);
    (request as StampedRequest)[ARRIVAL] = arrival;
    response.once('close', arrival.answered);
  }
  next();
}

const DRAFT_PATH = /^\/api\/drafts\/([^/]+)/;
const AUCTION_PATH = /^\/api\/auctions\/([^/]+)\//;
const NOMINATE_PATH = '/api/auctions/nominate';

/**
 * The draft a command request is for, as far as the request tells before any handler runs: `/api/drafts/{id}/…` and a
 * nomination's body name it; the other `/api/auctions/{id}/…` routes (the web client's bids) name an auction, whose
 * draft is known here when this process opened or looked up the auction, else null, which every draft's clocks and
 * bids wait for until the handler has found the draft (after the token check: an unauthenticated request costs no
 * lookup); undefined for anything that is not a draft command.
 * Keys are lower case, as the handlers' parsed ids are (an id in upper case names the same draft). A wrong id only
 * keys the request's own arrival: the handler still checks it, and no other draft's clock waits for it.
 */
function draftCommandOf(request: Request): ArrivalDraft | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return undefined;
  if (request.path === NOMINATE_PATH) {
    const named: unknown = (request.body as { draftId?: unknown } | undefined)?.draftId;
    return typeof named === 'string' ? named.toLowerCase() : null;
  }
  if (request.path.startsWith('/api/auctions/')) {
    const auction = auctionOf(request);
    return (auction === undefined ? undefined : knownAuctionDrafts.draftOf(auction)) ?? null;
  }
  if (!request.path.startsWith('/api/drafts/')) return undefined;
  const named = DRAFT_PATH.exec(request.path)?.[1];
  return named === undefined ? null : decodedSegment(named).toLowerCase();
}

/** The auction a `/api/auctions/{id}/…` route names, lower case as the handlers parse it; undefined for other paths. */
function auctionOf(request: Request): string | undefined {
  const named = AUCTION_PATH.exec(request.path)?.[1];
  return named === undefined ? undefined : decodedSegment(named).toLowerCase();
}

/** The id as the route sees it (Express decodes path parameters); a malformed escape keys nothing but itself. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The request's place among the draft commands received (arrivalsInFlight), for the handlers that decide in arrival
 * order; undefined on a route that is not a draft command.
 */
export const Arrival = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ArrivalTicket | undefined =>
    context.switchToHttp().getRequest<StampedRequest>()[ARRIVAL],
);

/** When the API received the request (ISO), for commands the clock judges: the time a bid counts from. */
export const ReceivedAt = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<StampedRequest>();
  return new Date(request[RECEIVED_AT] ?? Date.now()).toISOString();
});
