import pg from 'pg';

export interface PipelinedConnectionsOptions {
  connectionString: string;
  /** How many connections statements are spread over (each runs its statements one after another). */
  connections: number;
  applicationName: string;
  /** Called for every statement sent (db_statements_total). */
  onStatement?: () => void;
}

export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

interface Slot {
  client: pg.Client;
  inFlight: number;
  /** Taken out of the rotation: it closes once its statements are answered. */
  retired: boolean;
}

/**
 * Whether an error leaves the connection unusable: no SQLSTATE (a socket error), a connection exception (08) or an
 * operator intervention (57: terminated, shutting down). A statement's own error (a constraint, a cast) does not.
 */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || code.startsWith('08') || code.startsWith('57')
  );
}

/**
 * A few connections in pg's pipeline mode, for autocommitted single statements (the bids' one-statement appends, ADR
 * 0038). A statement is written to a connection at once, behind the ones still running there, so a connection never
 * waits for the API's event loop to read an answer before it can take the next statement: from a pool, a connection
 * carries one statement per turn of the loop, and on draft night (4,800 sockets, turns of 30+ ms) that capped appends
 * below the bids arriving. Each statement ends with its own Sync, so it is its own transaction: one that fails
 * leaves the others untouched.
 *
 * Not for transactions (BEGIN … COMMIT would interleave with other callers' statements) nor cursors; those take the
 * pool. A connection that fails fails the statements on it (their callers see the error, as with a pooled connection
 * lost mid-statement) and is replaced by a new one on the next statement.
 */
export class PipelinedConnections {
  private readonly slots: (Slot | null)[];
  private ending = false;

  constructor(private readonly options: PipelinedConnectionsOptions) {
    if (!Number.isInteger(options.connections) || options.connections < 1) {
      throw new RangeError('PipelinedConnections needs at least one connection');
    }
    this.slots = Array.from({ length: options.connections }, () => null);
  }

  async query<R>(statement: NamedStatement): Promise<{ rows: R[] }> {
    if (this.ending) throw new Error('The pipelined connections are closed');
    const slot = this.leastBusy();
    slot.inFlight += 1;
    this.options.onStatement?.();
    try {
      return await slot.client.query<R & pg.QueryResultRow>(statement);
    } catch (error) {
      // Before the caller hears of it: its next statement must not be routed to a dead connection.
      if (breaksConnection(error)) this.retire(slot);
      throw error;
    } finally {
      slot.inFlight -= 1;
      if (slot.retired && slot.inFlight === 0) this.close(slot);
    }
  }

  /** Statements written and not answered yet, per connection (0 for one not open). */
  inFlight(): number[] {
    return this.slots.map((slot) => slot?.inFlight ?? 0);
  }

  async end(): Promise<void> {
    this.ending = true;
    const open = this.slots.filter((slot): slot is Slot => slot !== null);
    this.slots.fill(null);
    await Promise.allSettled(open.map((slot) => slot.client.end()));
  }

  /** An idle open connection first; then a new one while there is room; then the one with the fewest in flight. */
  private leastBusy(): Slot {
    let free = -1;
    let best: Slot | null = null;
    for (let index = 0; index < this.slots.length; index += 1) {
      const slot = this.slots[index];
      if (!slot) {
        if (free < 0) free = index;
      } else if (slot.inFlight === 0) {
        return slot;
      } else if (!best || slot.inFlight < best.inFlight) {
        best = slot;
      }
    }
    return free >= 0 ? this.open(free) : best!;
  }

  private open(index: number): Slot {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName,
      pipeline: true,
    });
    const slot: Slot = { client, inFlight: 0, retired: false };
    const retire = () => this.retire(slot);
    // The statements on it fail with the error (pg answers each); the next statement opens a new connection.
    client.on('error', retire);
    client.on('end', retire);
    // Statements queued before the connection is ready are written when it is; a failed connect fails them.
    client.connect().catch(retire);
    this.slots[index] = slot;
    return slot;
  }

  private retire(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots[index] = null;
    if (slot.retired) return;
    slot.retired = true;
    if (slot.inFlight === 0) this.close(slot);
  }

  private close(slot: Slot): void {
    slot.client.end().catch(() => undefined);
  }
}
