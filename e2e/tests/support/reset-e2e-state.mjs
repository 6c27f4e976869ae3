// Runs right before `npm start` in the Playwright webServer command (see playwright.config.ts), with the e2e
// DATABASE_URL/REDIS_URL: every run starts from an empty database and an empty Redis database, so the API migrates
// and seeds from scratch exactly as on a newcomer's first `npm start`. (A Playwright globalSetup would be too late:
// Playwright starts the webServer before globalSetup runs.)
import { recreateDatabase, requireFromApi } from '../../../infra/scripts/lib/database.mjs';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error('reset-e2e-state: DATABASE_URL and REDIS_URL must be set (playwright.config.ts sets them).');
  process.exit(1);
}

// E2E_DATABASE_PREFIX: where the e2e database must be named otherwise (a shared server whose users each have a prefix).
const requiredPrefix = process.env.E2E_DATABASE_PREFIX || 'auction_e2e';

try {
  await recreateDatabase(databaseUrl, { requiredPrefix });
} catch (error) {
  console.error(`reset-e2e-state: ${error.message}`);
  process.exit(1);
}

const { Redis } = requireFromApi('ioredis');
const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

// E2E_REDIS_RESET=namespace: delete only this database's keys (the API prefixes every key with `auction:<database>:`,
// redis-namespace.ts) rather than flushing a Redis database that others share.
if (process.env.E2E_REDIS_RESET === 'namespace') {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  for await (const keys of redis.scanStream({ match: `auction:${databaseName}:*`, count: 500 })) {
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  }
  await redis.quit();
  console.error(`reset-e2e-state: recreated ${databaseName}, deleted ${deleted} Redis keys of its namespace`);
  process.exit(0);
}

const redisDb = Number(new URL(redisUrl).pathname.replace(/^\//, '') || 0);
if (redisDb === 0) {
  console.error(
    'reset-e2e-state: not flushing Redis database 0 (it is the app default); give E2E_REDIS_URL a /<n>.',
  );
  process.exit(1);
}
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
await redis.flushdb();
await redis.quit();

console.error(
  `reset-e2e-state: recreated ${new URL(databaseUrl).pathname.slice(1)}, flushed Redis db ${redisDb}`,
);
