import { sleep, type Logger } from '@auction/kafka';
import pg from 'pg';

/**
 * One active relay per name: a session advisory lock on a connection of its own. A second relay (a rolling
 * deploy, a replica) waits as a standby instead of publishing everything twice. The lock lives as long as the
 * connection; if that connection is lost, `lost` aborts so the process can stop rather than run unguarded.
 */
export async function acquireLeaderLock(
  databaseUrl: string,
  name: string,
  logger: Logger,
  signal: AbortSignal,
): Promise<{ lost: AbortSignal; release(): Promise<void> } | null> {
  let standbyLogged = false;
  while (!signal.aborted) {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: `auction-relay:${name}`,
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtext('auction.relay.' || $1)) AS locked",
        [name],
      );
      if (rows[0]?.locked) {
        const lost = new AbortController();
        client.on('error', (error) => {
          logger.error({ error: error.message }, 'lost the relay lock connection');
          lost.abort();
        });
        client.on('end', () => lost.abort());
        return { lost: lost.signal, release: () => client.end().catch(() => undefined) };
      }
      if (!standbyLogged)
        logger.info({ name }, 'another relay with this name is active; waiting as a standby');
      standbyLogged = true;
    } catch (error) {
      logger.warn({ error: (error as Error).message }, 'database unavailable for the relay lock, retrying');
    }
    await client.end().catch(() => undefined);
    await sleep(2_000, signal);
  }
  return null;
}
