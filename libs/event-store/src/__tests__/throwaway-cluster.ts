import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb in a temp dir, unix socket only), so a test can put the
 * transaction counter where it wants (pg_resetwal -x) without touching the shared server.
 */
export interface ThrowawayCluster {
  /** The unix socket's directory (pg takes it as the host) and the port its name carries. */
  socketDir: string;
  port: number;
  /** Stops the server at once and deletes its directory; safe to call twice and after a failed start. */
  destroy(): Promise<void>;
}

export interface ThrowawayClusterOptions {
  /** The next transaction id the cluster hands out (pg_resetwal -x). Must be a multiple of CLOG_PAGE_XIDS. */
  nextTransactionId?: number;
}

/**
 * Transactions per commit-log page. pg_resetwal only accepts a next id whose commit-log page needs no
 * reading at start-up: the first id of a page, which the server zeroes when it hands that id out.
 */
export const CLOG_PAGE_XIDS = 32_768;

/** initdb and pg_ctl, from PG_BIN or the newest /usr/lib/postgresql/<version>/bin; a clear error when absent. */
export function postgresBinDir(): string {
  const wanted = process.env['PG_BIN'];
  const candidates = wanted
    ? [wanted]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'pg_resetwal'].every((tool) => existsSync(path.join(dir, tool))),
  );
  if (!found) {
    throw new Error(
      `This test starts its own PostgreSQL cluster and needs initdb, pg_ctl and pg_resetwal: none found in ` +
        `${candidates.length > 0 ? candidates.join(', ') : '/usr/lib/postgresql/<version>/bin'}. Install the ` +
        `PostgreSQL server package (Debian: postgresql) or point PG_BIN at its bin directory.`,
    );
  }
  return found;
}

/** initdb refuses to run as root: as root, the tools run as the `postgres` OS user in a directory it owns. */
async function osUser(): Promise<{ prefix: string[]; uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { prefix: ['runuser', '-u', 'postgres', '--'], uid: Number(uid), gid: Number(gid) };
  } catch {
    throw new Error(
      'Running as root, this test needs the `postgres` OS user to run initdb (it refuses root).',
    );
  }
}

export async function startThrowawayCluster(
  options: ThrowawayClusterOptions = {},
): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  const user = await osUser();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auction-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  // No TCP at all: the socket lives in our own directory, so any port number is free.
  const port = 50_000 + Math.floor(Math.random() * 10_000);
  const tool = (name: string, args: string[]) => {
    const command = [...(user?.prefix ?? []), path.join(bin, name), ...args];
    return run(command[0]!, command.slice(1), { timeout: 60_000 });
  };
  let started = false;
  const destroy = async () => {
    if (started) {
      started = false;
      await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    if (user) await chown(dir, user.uid, user.gid);
    await tool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    if (options.nextTransactionId !== undefined) {
      if (options.nextTransactionId % CLOG_PAGE_XIDS !== 0) {
        throw new Error(`nextTransactionId must be a multiple of ${CLOG_PAGE_XIDS}`);
      }
      await tool('pg_resetwal', ['-x', String(options.nextTransactionId), '-D', dataDir]);
    }
    // Durability is not under test: no fsync keeps thousands of small commits fast on a loaded machine.
    const settings = `-p ${port} -k ${dir} -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=40`;
    started = true;
    await tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await destroy();
    throw new Error(
      `could not start a throwaway PostgreSQL cluster: ${(error as Error).message}\n${log.slice(-2_000)}`,
    );
  }
  return { socketDir: dir, port, destroy };
}

/** A pool on the cluster's `postgres` database; pg reads a host starting with '/' as the socket directory. */
export function clusterPool(cluster: ThrowawayCluster, max: number): pg.Pool {
  const pool = new pg.Pool({
    host: cluster.socketDir,
    port: cluster.port,
    user: 'postgres',
    database: 'postgres',
    max,
  });
  pool.on('error', () => undefined);
  return pool;
}
