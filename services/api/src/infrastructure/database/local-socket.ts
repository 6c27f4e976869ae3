/**
 * A DATABASE_URL that names this machine's PostgreSQL over loopback TCP is served, where the server's Unix socket is
 * on this machine too, through that socket instead (ADR 0028): same server, same credentials, the kernel's TCP
 * path skipped. Measured on draft-night load: about a fifth less API CPU per accepted bid (docs/benchmarks.md).
 *
 * The socket is used only when it is proven to be the same server: a login through it must succeed (a fresh Debian
 * cluster lets only the `postgres` OS user in through it) and report the postmaster start time the TCP login reports.
 * Anything else keeps the URL as it was, with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Where Debian's packages (the first) and upstream builds (the second) put the socket. */
export const DEFAULT_SOCKET_DIRECTORIES = ['/var/run/postgresql', '/tmp'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const PROBE_TIMEOUT_MS = 3_000;

export interface DatabaseTransport {
  /** The URL to connect with: the given one, or it with `?host=<socket directory>`. */
  url: string;
  /** The socket directory in use, or null for the URL's own host and port. */
  socketDirectory: string | null;
  /** Why, for the startup log. */
  reason: string;
}

export interface PreferLocalSocketOptions {
  enabled?: boolean;
  socketDirectories?: readonly string[];
  /** What tells servers apart (a test passes its own to reach the "another server" answer). */
  identifyServer?: (connectionString: string) => Promise<string>;
}

export async function preferLocalSocket(
  databaseUrl: string,
  {
    enabled = true,
    socketDirectories = DEFAULT_SOCKET_DIRECTORIES,
    identifyServer = serverIdentity,
  }: PreferLocalSocketOptions = {},
): Promise<DatabaseTransport> {
  const keep = (reason: string): DatabaseTransport => ({ url: databaseUrl, socketDirectory: null, reason });
  if (!enabled) return keep('DATABASE_PREFER_SOCKET is off');

  const url = new URL(databaseUrl);
  if (url.searchParams.has('host')) return keep('the URL chooses its host itself (?host=)');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!LOOPBACK_HOSTS.has(host)) return keep(`${host} is not this machine`);

  const port = url.port || '5432';
  const socketDirectory = socketDirectories.find((directory) =>
    isSocket(path.join(directory, `.s.PGSQL.${port}`)),
  );
  if (!socketDirectory) return keep(`no .s.PGSQL.${port} socket in ${socketDirectories.join(' or ')}`);

  const viaSocket = new URL(databaseUrl);
  viaSocket.searchParams.set('host', socketDirectory);
  try {
    const [overTcp, overSocket] = await Promise.all([
      identifyServer(databaseUrl),
      identifyServer(viaSocket.href),
    ]);
    if (overTcp !== overSocket) {
      return keep(`the socket in ${socketDirectory} belongs to another server than ${host}:${port}`);
    }
  } catch (error) {
    return keep(`a login through ${socketDirectory} failed: ${(error as Error).message}`);
  }
  return {
    url: viaSocket.href,
    socketDirectory,
    reason: `the Unix socket in ${socketDirectory} reaches the same server as ${host}:${port}`,
  };
}

function isSocket(file: string): boolean {
  try {
    return fs.statSync(file).isSocket();
  } catch {
    return false;
  }
}

/** What tells two connections' servers apart: when the postmaster started, to the microsecond, and its port. */
async function serverIdentity(connectionString: string): Promise<string> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    application_name: 'auction-api:transport-probe',
  });
  // A socket that is not PostgreSQL may drop the connection after the handshake; without a listener that crashes.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ identity: string }>(
      `SELECT pg_postmaster_start_time()::text || ' port ' || current_setting('port') AS identity`,
    );
    return rows[0]!.identity;
  } finally {
    await client.end().catch(() => undefined);
  }
}
