import type { Server } from 'socket.io';

/** What this needs of a TCP socket: node's `Writable` corking. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * The parts of an engine.io socket this touches. `flush` is private in engine.io's types; the websocket transport
 * keeps its `ws` socket in `socket`, whose `_socket` is the TCP connection (both stable in engine.io 6 / ws 8).
 */
interface FlushingEngineSocket {
  flush(): void;
  close(): void;
  transport?: { socket?: { _socket?: Corkable } };
}

type FailureReporter = (error: unknown) => void;

/**
 * Every packet a socket is sent in one turn of the event loop goes out in one system call (ADR 0026).
 *
 * engine.io writes each packet as soon as it is sent — a `writev` per WebSocket frame — and queues any that come
 * while a write is in flight for a second one. In a racing room one commit sends each client `bidPlaced` and, in
 * the same turn, the refusal of that client's own losing bid; the bidder gets `bidPlaced`, `playerBid` and its ack.
 * Here a socket's flush waits until the current turn's callbacks and promise reactions are done
 * (`process.nextTick`), then writes everything queued meanwhile with its TCP socket corked: the frames leave in
 * one `writev`, in the order they were sent. Nothing waits for a timer, so no packet is later than the turn it was
 * sent in.
 */
export function coalesceSocketWrites(server: Server, reportFailure: FailureReporter): void {
  server.engine.on('connection', (socket: unknown) =>
    deferFlushes(socket as FlushingEngineSocket, reportFailure),
  );
}

function deferFlushes(socket: FlushingEngineSocket, reportFailure: FailureReporter): void {
  const flushNow = socket.flush.bind(socket);
  let scheduled = false;
  const flushCorked = () => {
    scheduled = false;
    const tcp = socket.transport?.socket?._socket;
    tcp?.cork();
    try {
      flushNow();
    } catch (error) {
      // Thrown from a tick, not to whoever sent the packet: the socket's state is unknown, so it goes.
      reportFailure(error);
      socket.close();
    } finally {
      tcp?.uncork();
    }
  };
  socket.flush = () => {
    if (scheduled) return;
    scheduled = true;
    process.nextTick(flushCorked);
  };
}
