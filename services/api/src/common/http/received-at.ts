import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { arrivalsInFlight } from './arrivals-in-flight.js';

const RECEIVED_AT = Symbol('receivedAt');

/** Milliseconds since the epoch: one clock read per request, the ISO text only for the routes that ask. */
type StampedRequest = { [RECEIVED_AT]?: number };

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
  if (isDraftCommand(request)) response.once('close', arrivalsInFlight.enter(at));
  next();
}

const isDraftCommand = (request: Request): boolean =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.method !== 'OPTIONS' &&
  (request.path.startsWith('/api/auctions/') || request.path.startsWith('/api/drafts/'));

/** When the API received the request (ISO), for commands the clock judges: the time a bid counts from. */
export const ReceivedAt = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<StampedRequest>();
  return new Date(request[RECEIVED_AT] ?? Date.now()).toISOString();
});
