// Finds (or, on a local Debian machine as root, installs and starts) the PostgreSQL and Redis the app needs.
// Order per service: reachable → done; local but installed and down → start it; local, not installed, Debian, root →
// apt-get install then start; anything else → stop with a message that says how to provide it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { UserFacingError, capture, commandExists, log, runSync } from './process.mjs';

const WAIT_SECONDS = 30;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const COMPOSE_HINT = 'docker compose up -d postgres redis';

export async function ensureServices({ databaseUrl, redisUrl }) {
  await ensurePostgres(endpoint(databaseUrl, 5432, 'DATABASE_URL', 'postgres'));
  await ensureRedis(endpoint(redisUrl, 6379, 'REDIS_URL', 'redis'));
}

function endpoint(url, defaultPort, variable, kind) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserFacingError(`${variable} is not a valid URL: ${url}`);
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  return {
    kind,
    variable,
    host,
    port: Number(parsed.port || defaultPort),
    password: decodeURIComponent(parsed.password),
    user: decodeURIComponent(parsed.username),
    local: LOCAL_HOSTS.has(host),
    toString() {
      return `${host.includes(':') ? `[${host}]` : host}:${this.port}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------------- PostgreSQL

async function ensurePostgres(pg) {
  if (await canConnect(pg)) return log(`postgres: reachable at ${pg}`);
  if (!pg.local) throw notReachable('PostgreSQL', pg);

  const fresh = !postgresInstalled();
  if (fresh) {
    if (!canInstallPackages()) throw notReachable('PostgreSQL', pg, 'it is not installed on this machine');
    log('postgres: not installed, installing with apt-get (Debian package "postgresql")');
    aptInstall(['postgresql']);
  }
  startPostgresCluster(pg, { fresh });
  if (fresh) allowLocalTcpLogin(pg);
  if (!(await waitFor(pg)))
    throw notReachable('PostgreSQL', pg, `it did not accept connections within ${WAIT_SECONDS}s`);
  log(`postgres: started, reachable at ${pg}`);
}

function postgresInstalled() {
  return commandExists('pg_ctlcluster') && listVersions().length > 0;
}

function listVersions() {
  try {
    return fs
      .readdirSync('/etc/postgresql')
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    return [];
  }
}

/** The newest installed version's `main` cluster, as reported by pg_lsclusters. */
function mainCluster() {
  const version = listVersions()[0];
  const line = (capture('pg_lsclusters', ['-h']) ?? '')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find(([v, name]) => v === version && name === 'main');
  return { version, port: line ? Number(line[2]) : undefined, online: line?.[3] === 'online' };
}

function startPostgresCluster(pg, { fresh }) {
  const cluster = mainCluster();
  const label = `PostgreSQL cluster ${cluster.version}/main`;
  if (cluster.port && cluster.port !== pg.port) {
    throw new UserFacingError(
      `${label} is configured for port ${cluster.port}, but ${pg.variable} points at ${pg}. ` +
        `Fix ${pg.variable}, or start a server there (e.g. \`${COMPOSE_HINT}\`).`,
    );
  }
  if (cluster.online) {
    // The package's post-install script may have started a fresh cluster already.
    if (fresh) return;
    throw notReachable(
      'PostgreSQL',
      pg,
      `${label} reports "online" but does not accept TCP connections there`,
    );
  }
  log(`postgres: installed but not running, starting ${label}`);
  const result = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, 'main', 'start'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new UserFacingError(
      `Could not start ${label} (pg_ctlcluster exit ${result.status}; it needs root or the postgres user). ` +
        `Start it yourself, or run \`${COMPOSE_HINT}\`.`,
    );
  }
}

/**
 * A freshly installed Debian cluster only lets `postgres` in through the Unix socket (peer auth); TCP logins need a
 * password. The app connects over TCP with the URL's credentials, so: if the URL has a password we give user
 * postgres that password; if not, we trust TCP logins from the loopback addresses (development machines only: this
 * only ever runs right after we installed the package ourselves).
 */
function allowLocalTcpLogin(pg) {
  const { version } = mainCluster();
  if (pg.user && pg.user !== 'postgres') {
    log(
      `postgres: note: ${pg.variable} uses user "${pg.user}", which a fresh install does not have; create it yourself`,
    );
  }
  if (pg.password) {
    const sql = `ALTER USER postgres PASSWORD :'password';\n`;
    runSync(
      'runuser',
      ['-u', 'postgres', '--', 'psql', '-v', 'ON_ERROR_STOP=1', '-v', `password=${pg.password}`],
      {
        input: sql,
        stdio: ['pipe', 'inherit', 'inherit'],
        cwd: '/',
      },
    );
    log('postgres: set the password of user postgres to the one in the URL');
    return;
  }
  const hbaFile = path.join('/etc/postgresql', version, 'main', 'pg_hba.conf');
  const trustLines =
    '# Added by infra/scripts (npm start/npm test): trust TCP logins from this machine (development only).\n' +
    'host    all    all    127.0.0.1/32    trust\n' +
    'host    all    all    ::1/128         trust\n';
  fs.writeFileSync(hbaFile, trustLines + fs.readFileSync(hbaFile, 'utf8'));
  log(`postgres: ${hbaFile}: trusting TCP logins from 127.0.0.1 and ::1`);
  runSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'reload']);
}

// --------------------------------------------------------------------------------------------------------- Redis

async function ensureRedis(redis) {
  if (await canConnect(redis)) return log(`redis: reachable at ${redis}`);
  if (!redis.local) throw notReachable('Redis', redis);

  if (!commandExists('redis-server')) {
    if (!canInstallPackages()) throw notReachable('Redis', redis, 'it is not installed on this machine');
    log('redis: not installed, installing with apt-get (Debian package "redis-server")');
    aptInstall(['redis-server']);
    // The package's init script may already have started it on the default port.
    if (await waitFor(redis, 3)) return log(`redis: installed, reachable at ${redis}`);
  }
  log(`redis: not running, starting redis-server on ${redis} (no persistence)`);
  const bind = redis.host === '::1' ? '::1' : '127.0.0.1';
  const args = [
    '--daemonize',
    'yes',
    '--bind',
    bind,
    '--port',
    String(redis.port),
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  const result = spawnSync('redis-server', args, { stdio: 'inherit', cwd: '/tmp' });
  if (result.status !== 0) throw notReachable('Redis', redis, `redis-server exited with ${result.status}`);
  if (!(await waitFor(redis)))
    throw notReachable('Redis', redis, `it did not accept connections within ${WAIT_SECONDS}s`);
  log(`redis: started, reachable at ${redis}`);
}

// ------------------------------------------------------------------------------------------------------- helpers

function canInstallPackages() {
  return fs.existsSync('/etc/debian_version') && process.getuid?.() === 0 && commandExists('apt-get');
}

let aptUpdated = false;
export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    runSync('apt-get', ['update'], { env });
    aptUpdated = true;
  }
  runSync('apt-get', ['install', '-y', ...packages], { env });
}

function notReachable(name, where, reason) {
  return new UserFacingError(
    `${name} is not reachable at ${where} (${where.variable})${reason ? `: ${reason}` : ''}.\n` +
      `  Start one with \`${COMPOSE_HINT}\` (from the repo root), or set ${where.variable} to a running server.`,
  );
}

// A bare TCP connect is not proof (sandboxes and proxies accept anything), so each probe sends a request only the
// real server answers: Redis replies to PING with `+PONG` (or `-NOAUTH…`), PostgreSQL to an SSLRequest with one
// byte, `S` or `N`.
const PROBES = {
  postgres: {
    request: Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]),
    accepts: (reply) => /^[SNE]/.test(reply),
  },
  redis: { request: Buffer.from('PING\r\n'), accepts: (reply) => /^[+-]/.test(reply) },
};

function canConnect({ host, port, kind }, timeoutMs = 1500) {
  const probe = PROBES[kind];
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => socket.write(probe.request));
    socket.once('data', (data) => done(probe.accepts(data.toString('latin1'))));
    socket.once('error', () => done(false));
    socket.once('end', () => done(false));
  });
}

async function waitFor(target, seconds = WAIT_SECONDS) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await canConnect(target)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
