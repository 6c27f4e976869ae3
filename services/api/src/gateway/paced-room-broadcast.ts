import type { Server } from 'socket.io';

/**
 * Sockets written to per turn of the event loop. A write is a `writev` of ~10–15 µs, so a slice holds the loop ~1–2
 * ms, about what one racing bid's fan-out to its room of 12 costs with its refusals; the bids waiting meanwhile are
 * served between slices.
 */
export const PACED_SOCKETS_PER_TURN = 100;

/** Waits for the next turn of the event loop, after the I/O that is ready now (setImmediate runs after the poll). */
export type NextTurn = () => Promise<void>;

const afterPendingIo: NextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * One event to every socket of a room on this instance, a slice of sockets per turn of the event loop instead of all
 * in one. socket.io writes a room broadcast to each socket before it returns: to the 4,800 sockets of draft night's
 * 400 rooms, the connected count held the loop ~70 ms, and every bid that arrived meanwhile waited — the p99 bursts
 * of `bench:capacity` (docs/benchmarks.md, issue 10's sixteenth round). For news that may take a few turns to reach
 * everyone; a room's live events keep going out at once.
 *
 * A newer send supersedes the rest of an older one (a socket the old one has not reached gets only the newer), so a
 * socket never gets an older value after a newer one. Each slice goes to the sockets still in the room by then.
 */
export class PacedRoomBroadcast {
  private generation = 0;

  constructor(
    private readonly socketsPerTurn = PACED_SOCKETS_PER_TURN,
    private readonly nextTurn: NextTurn = afterPendingIo,
  ) {}

  /** Resolves when every slice went out, or a newer send took over. */
  async send(server: Server, room: string, event: string, payload: unknown): Promise<void> {
    const generation = ++this.generation;
    const rooms = server.of('/').adapter.rooms;
    const socketIds = [...(rooms.get(room) ?? [])];
    for (let start = 0; start < socketIds.length; start += this.socketsPerTurn) {
      if (start > 0) await this.nextTurn();
      if (generation !== this.generation) return;
      const members = rooms.get(room);
      if (!members) return;
      const slice = socketIds
        .slice(start, start + this.socketsPerTurn)
        .filter((socketId) => members.has(socketId));
      // Each socket's own room is its id: one local emit to the slice encodes the packet once for all of it.
      if (slice.length > 0) server.local.to(slice).emit(event, payload);
    }
  }
}
