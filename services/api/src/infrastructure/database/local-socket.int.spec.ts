import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestApp } from '../../test-support/app-harness.js';
import { preferLocalSocket } from './local-socket.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = new URL(SERVER_URL).port || '5432';

let emptyDirectory: string;
let serverSocketDirectory: string;

/** The peer address the server sees: null over a Unix socket, the loopback address over TCP. */
async function serverAddressOf(connectionString: string): Promise<string | null> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ address: string | null }>(
      'SELECT inet_server_addr()::text AS address',
    );
    return rows[0]!.address;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  emptyDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'auction-no-socket-'));
  // The test server's own socket directory (the first of unix_socket_directories), asked over TCP.
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  const { rows } = await client.query<{ directories: string }>(
    `SELECT current_setting('unix_socket_directories') AS directories`,
  );
  await client.end();
  serverSocketDirectory = rows[0]!.directories.split(',')[0]!.trim();
  expect(fs.statSync(path.join(serverSocketDirectory, `.s.PGSQL.${PORT}`)).isSocket()).toBe(true);
});

afterAll(() => fs.rmSync(emptyDirectory, { recursive: true, force: true }));

describe('preferLocalSocket against the test PostgreSQL', () => {
  it('moves a loopback URL onto the same server Unix socket, found after a directory without one', async () => {
    const transport = await preferLocalSocket(SERVER_URL, {
      socketDirectories: [emptyDirectory, serverSocketDirectory],
    });

    expect(transport.socketDirectory).toBe(serverSocketDirectory);
    expect(new URL(transport.url).searchParams.get('host')).toBe(serverSocketDirectory);
    expect(new URL(transport.url).pathname).toBe(new URL(SERVER_URL).pathname);
    expect(await serverAddressOf(SERVER_URL)).toMatch(/^(127\.0\.0\.1|::1)/);
    expect(await serverAddressOf(transport.url)).toBeNull();
  });

  it('keeps the URL when no directory holds the socket, when turned off, or when the URL picks its host', async () => {
    const none = await preferLocalSocket(SERVER_URL, { socketDirectories: [emptyDirectory] });
    expect(none).toEqual({
      url: SERVER_URL,
      socketDirectory: null,
      reason: `no .s.PGSQL.${PORT} socket in ${emptyDirectory}`,
    });

    const off = await preferLocalSocket(SERVER_URL, {
      enabled: false,
      socketDirectories: [serverSocketDirectory],
    });
    expect(off).toMatchObject({ url: SERVER_URL, socketDirectory: null });

    const chosen = `${SERVER_URL}?host=${encodeURIComponent(serverSocketDirectory)}`;
    expect(await preferLocalSocket(chosen, { socketDirectories: [serverSocketDirectory] })).toMatchObject({
      url: chosen,
      socketDirectory: null,
    });
  });

  it('never probes a server on another machine', async () => {
    const remote = 'postgres://postgres@db.invalid:5432/auction_draft';
    const transport = await preferLocalSocket(remote, {
      socketDirectories: [serverSocketDirectory],
      identifyServer: () => Promise.reject(new Error('must not connect')),
    });
    expect(transport).toEqual({
      url: remote,
      socketDirectory: null,
      reason: 'db.invalid is not this machine',
    });
  });

  it('keeps TCP when the socket file is not PostgreSQL (it drops every connection)', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'auction-fake-socket-'));
    const impostor = net.createServer((connection) => connection.destroy());
    await new Promise<void>((resolve) => impostor.listen(path.join(directory, `.s.PGSQL.${PORT}`), resolve));
    try {
      const transport = await preferLocalSocket(SERVER_URL, { socketDirectories: [directory] });
      expect(transport.url).toBe(SERVER_URL);
      expect(transport.socketDirectory).toBeNull();
      expect(transport.reason).toMatch(new RegExp(`^a login through ${directory} failed: `));
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it('keeps TCP when the socket answers for another server', async () => {
    let calls = 0;
    const transport = await preferLocalSocket(SERVER_URL, {
      socketDirectories: [serverSocketDirectory],
      identifyServer: (url) => {
        calls += 1;
        return Promise.resolve(
          new URL(url).searchParams.has('host') ? 'started B port 5432' : 'started A port 5432',
        );
      },
    });
    expect(calls).toBe(2);
    expect(transport).toMatchObject({ url: SERVER_URL, socketDirectory: null });
    expect(transport.reason).toContain('belongs to another server');
  });
});

describe('the app on a loopback DATABASE_URL', () => {
  /** The client addresses of the app's raw pool, as PostgreSQL sees them (null: a Unix socket). */
  async function poolAddresses(databaseName: string): Promise<Array<string | null>> {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ address: string | null }>(
        `SELECT client_addr::text AS address FROM pg_stat_activity
          WHERE datname = $1 AND application_name = 'auction-api'`,
        [databaseName],
      );
      return rows.map((row) => row.address);
    } finally {
      await client.end();
    }
  }

  it('talks to PostgreSQL through its Unix socket, and over TCP with DATABASE_PREFER_SOCKET=false', async () => {
    const viaSocket = await startTestApp();
    try {
      expect((await viaSocket.request('GET', '/api/health')).status).toBe(200);
      const addresses = await poolAddresses(viaSocket.databaseName);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.every((address) => address === null)).toBe(true);
    } finally {
      await viaSocket.close();
    }

    const overTcp = await startTestApp({ env: { DATABASE_PREFER_SOCKET: 'false' } });
    try {
      expect((await overTcp.request('GET', '/api/health')).status).toBe(200);
      const addresses = await poolAddresses(overTcp.databaseName);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.every((address) => address !== null && /^(127\.0\.0\.1|::1)/.test(address))).toBe(
        true,
      );
    } finally {
      await overTcp.close();
    }
  });
});
