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
export type MapPayload = (payload: unknown) => { data?: unknown; ack?: unknown };

/**
 * Binds a gateway's message handlers to one socket with one plain listener each (ADR 0029), doing what Nest's
 * IoAdapter does with an rxjs pipeline per handler per socket (fromEvent → mergeMap → takeUntil(disconnect)):
 * each message is handled as it comes, concurrently with earlier ones; a result that is not null or undefined is
 * sent back — `{ event, data }` as that event, anything else through the message's acknowledgement unless the
 * handler acknowledges itself; an Observable result (a handler behind an interceptor) sends each of its values; an
 * error is reported and never stops later messages; nothing is sent once the socket is disconnected.
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
      let result: unknown;
      try {
        result = callback(data, ack);
      } catch (error) {
        reportError(error);
        return;
      }
      Promise.resolve(result).then((settled) => {
        if (isObservable(settled)) {
          (settled as Observable<unknown>).subscribe({ next: respond, error: reportError });
        } else {
          respond(settled);
        }
      }, reportError);
    });
  }
}
