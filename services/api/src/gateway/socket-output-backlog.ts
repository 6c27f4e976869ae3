import type { Server } from 'socket.io';

/** The parts of an engine.io socket this touches (stable in engine.io 6). */
interface BackloggedEngineSocket {
  id: string;
  on(event: 'packetCreate', listener: (packet: { data?: unknown }) => void): unknown;
  on(event: 'flush', listener: () => void): unknown;
  close(discard?: boolean): void;
}

/**
 * Most a socket may have waiting to be sent (bytes, about): a client that no longer reads — a websocket whose TCP
 * window stays shut, or a polling client that never asks for its packets yet keeps the connection alive by sending
 * pongs — had everything the server sent it kept in memory for as long as it stayed connected (a probe: 20 polling
 * clients asking for a draft's room every second grew the heap by 45 MB a minute, without end). A room's traffic of
 * draft night is a few KB a second, so a reading client is never near it; a client cut off reconnects and reloads
 * the room (docs/product.md §4.2).
 */
export const SOCKET_OUTPUT_BACKLOG_MAX_BYTES = 1024 * 1024;

type OverflowReporter = (socketId: string, bytes: number) => void;

/**
 * Closes a socket whose packets waiting for its transport (engine.io's write buffer) pass `maxBytes`. What waits is
 * counted as packets are created and forgotten once the transport takes them (engine.io's `flush` event).
 */
export function limitSocketBacklog(server: Server, maxBytes: number, onOverflow: OverflowReporter): void {
  server.engine.on('connection', (socket: unknown) =>
    limitBacklog(socket as BackloggedEngineSocket, maxBytes, onOverflow),
  );
}

function limitBacklog(socket: BackloggedEngineSocket, maxBytes: number, onOverflow: OverflowReporter): void {
  let waiting = 0;
  let closed = false;
  socket.on('flush', () => {
    waiting = 0;
  });
  socket.on('packetCreate', ({ data }) => {
    if (closed) return;
    waiting += typeof data === 'string' ? data.length : data instanceof Buffer ? data.byteLength : 0;
    if (waiting <= maxBytes) return;
    closed = true;
    onOverflow(socket.id, waiting);
    // Discarded: waiting for the transport to drain them is what never happens.
    socket.close(true);
  });
}
