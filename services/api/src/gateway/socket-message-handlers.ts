import {
  SOCKET_MESSAGES_IN_FLIGHT_MAX,
  ServerEvents,
  TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT,
} from '@auction/contracts';
import { isObservable, type Observable } from 'rxjs';

/** What Nest hands an adapter per `@SubscribeMessage` handler of a gateway (MessageMappingProperties). */
export interface SocketMessageHandler {
  message: string;
  callback: (...args: unknown[]) => unknown;
  isAckHandledManually: boolean;
}

/** The parts of a socket.io socket the handlers need. */
export interface HandledSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  readonly disconnected: boolean;
}

type Ack = (...args: unknown[]) => void;

/** Per socket (over all its gateways and listeners): its messages taken and not yet answered. */
const inFlight = new WeakMap<object, number>();

/**
 * Takes a place for one of the socket's messages, or answers `error` and false when SOCKET_MESSAGES_IN_FLIGHT_MAX are
 * already taken: a socket sending faster than it is answered (its authenticates, joins and chat messages are handled
 * one at a time) had every message queued, payload and all (30,000 chat messages of 4 KB: heap 57 → 245 MB).
 */
export function takeSocketMessagePlace(socket: Pick<HandledSocket, 'emit'>): boolean {
  const taken = inFlight.get(socket) ?? 0;
  if (taken >= SOCKET_MESSAGES_IN_FLIGHT_MAX) {
    socket.emit(ServerEvents.error, { message: TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT });
    return false;
  }
  inFlight.set(socket, taken + 1);
  return true;
}

/** Gives the place back once the message is answered (or failed). */
export function releaseSocketMessagePlace(socket: object): void {
  const taken = (inFlight.get(socket) ?? 0) - 1;
  if (taken > 0) inFlight.set(socket, taken);
  else inFlight.delete(socket);
}
export type MapPayload = (payload: unknown) => { data?: unknown; ack?: unknown };

/**
 * Binds a gateway's message handlers to one socket with one plain listener each (ADR 0029), doing what Nest's
 * IoAdapter does with an rxjs pipeline per handler per socket (fromEvent → mergeMap → takeUntil(disconnect)):
 * each message is handled as it comes, concurrently with earlier ones; a result that is not null or undefined is
 * sent back — `{ event, data }` as that event, anything else through the message's acknowledgement unless the
 * handler acknowledges itself; an Observable result (a handler behind an interceptor) sends each of its values; an
 * error is reported and never stops later messages; nothing is sent once the socket is disconnected; at most
 * SOCKET_MESSAGES_IN_FLIGHT_MAX of a socket's messages are handled at once (takeSocketMessagePlace).
 *
 * Why: Nest's pipelines keep ~170 closures, ~150 contexts and ~28 subscribers alive per socket (a heap snapshot at
 * 4,800 sockets: 49.6 MB of closures, 39 MB of contexts, 14 MB of subscribers), all in the old generation a full
 * collection must mark while draft night is bidding (docs/benchmarks.md, issue 10, eighth round).
 */
export function bindSocketMessageHandlers(
  socket: HandledSocket,
  handlers: readonly SocketMessageHandler[],
  mapPayload: MapPayload,
  reportError: (error: unknown) => void,
): void {
  for (const { message, callback, isAckHandledManually } of handlers) {
    socket.on(message, (...args: unknown[]) => {
      if (!takeSocketMessagePlace(socket)) return;
      // rxjs's fromEvent passes one argument as itself and several as an array; Nest's mapPayload expects that.
      const { data, ack } = mapPayload(args.length > 1 ? args : args[0]);
      const respond = (response: unknown): void => {
        if (response === null || response === undefined || socket.disconnected) return;
        try {
          const asEvent = response as { event?: unknown; data?: unknown };
          if (asEvent.event) {
            socket.emit(asEvent.event as string, asEvent.data);
          } else if (!isAckHandledManually && typeof ack === 'function') {
            (ack as Ack)(response);
          }
        } catch (error) {
          reportError(error);
        }
      };
      const release = (): void => releaseSocketMessagePlace(socket);
      const fail = (error: unknown): void => {
        release();
        reportError(error);
      };
      let result: unknown;
      try {
        result = callback(data, ack);
      } catch (error) {
        fail(error);
        return;
      }
      Promise.resolve(result).then((settled) => {
        if (isObservable(settled)) {
          // Behind an interceptor (the app has global ones) the work is done when the Observable completes.
          (settled as Observable<unknown>).subscribe({ next: respond, error: fail, complete: release });
        } else {
          release();
          respond(settled);
        }
      }, fail);
    });
  }
}
