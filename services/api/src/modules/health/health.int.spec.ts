import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { healthDataSchema, statusDataSchema, type HealthData, type StatusData } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { WEB_FILE_NOT_FOUND_MESSAGE, WEB_NOT_BUILT_MESSAGE } from '../../web/serve-web.js';

let t: TestApp;
const webDir = mkdtempSync(path.join(tmpdir(), 'auction-web-'));

beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Auction SPA</title>');
  writeFileSync(path.join(webDir, 'app.js'), 'console.log("asset")');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-NEWHASH.js'), 'console.log("chunk")');
  t = await startTestApp({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('health and status', () => {
  it('answers a request Node cannot parse (a 100 KB URL) with the envelope, not a bare status line', async () => {
    const response = await fetch(`${t.baseUrl}/api/players/search?q=${'a'.repeat(100_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      success: false,
      message: 'The request URL or headers are too large',
      data: null,
    });
    // The server is still fine afterwards.
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('GET /api/health is public and reports PostgreSQL and Redis up', async () => {
    const response = await t.request<HealthData>('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(healthDataSchema.parse(response.body.data)).toMatchObject({
      status: 'ok',
      database: 'up',
      redis: 'up',
    });
  });

  it('GET /api/status is public and counts users, league rows and the event log', async () => {
    await t.registerUser('stat_user');
    const response = await t.request<StatusData>('GET', '/api/status');
    expect(response.status).toBe(200);
    const status = statusDataSchema.parse(response.body.data);
    expect(status.counts.users).toBe(2);
    expect(status.environment).toBe('test');
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);

    const pool = t.app.get<Pool>(PG_POOL);
    const { rows } = await pool.query<{ n: number; last: string }>(
      `SELECT count(*)::int AS n, coalesce(max(global_position), 0) AS last FROM es_events`,
    );
    expect(status.eventLog).toEqual({ events: rows[0]!.n, lastPosition: Number(rows[0]!.last) });
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs-json with bearer auth and zod-derived bodies', async () => {
    const response = await fetch(`${t.baseUrl}/api/docs-json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes['bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const registerBody =
      document.paths['/api/auth/register']!['post']!.requestBody!.content['application/json']!;
    expect(registerBody.schema).toMatchObject({
      type: 'object',
      required: ['username', 'email', 'password'],
      properties: { username: { minLength: 3, maxLength: 30 }, password: { minLength: 6, maxLength: 128 } },
    });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/users', '/api/health', '/api/status']),
    );
  });

  it('documents every operation: a summary, and each success answer with the schema of its data', async () => {
    const response = await fetch(`${t.baseUrl}/api/docs-json`);
    type Operation = {
      summary?: string;
      responses: Record<
        string,
        { content?: Record<string, { schema?: { properties?: object; type?: string } }> }
      >;
    };
    const document = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!operation.summary) undocumented.push(`${where}: no summary`);
        const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
        // A JSON answer is described by its data's properties; the one file download (text/csv) by a string schema.
        const described = successes.filter(([, { content }]) =>
          content?.['application/json']
            ? content['application/json'].schema?.properties !== undefined
            : content?.['text/csv']?.schema?.type === 'string',
        );
        if (described.length === 0 || described.length < successes.length)
          undocumented.push(`${where}: a success answer without its schema`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await fetch(`${t.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});

describe('web app', () => {
  it('serves files and falls back to index.html for client routes, but not for /api', async () => {
    const asset = await fetch(`${t.baseUrl}/app.js`);
    expect(await asset.text()).toContain('asset');
    for (const route of ['/', '/dashboard', '/draft/123']) {
      const page = await fetch(`${t.baseUrl}${route}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Auction SPA');
    }
    const api = await fetch(`${t.baseUrl}/api/unknown`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, data: null });
  });

  it("loads every one of the web app's routes (web/src/app/router.tsx) from index.html, uncached", async () => {
    const draftId = '0b5c3f1e-8d2a-4c6b-9f3e-2a1d4c5b6e7f';
    const routes = [
      '/login',
      '/register',
      '/forgot-password',
      '/dashboard',
      '/draft',
      `/draft/${draftId}`,
      `/draft/${draftId}/board`,
      '/teams',
      '/admin',
      '/admin/picks',
      '/admin/ops',
      `/admin/drafts/${draftId}/audit`,
      '/dashboard/',
      '/no-such-page',
      '/login?next=/draft/a.b',
    ];
    for (const route of routes) {
      const page = await fetch(`${t.baseUrl}${route}`);
      expect({ route, status: page.status }).toEqual({ route, status: 200 });
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('Auction SPA');
    }
  });

  it('answers a missing file (a stale hashed chunk, /robots.txt) with a plain 404, not index.html', async () => {
    const chunk = await fetch(`${t.baseUrl}/assets/index-NEWHASH.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    const missing = [
      '/assets/nope.js',
      '/assets/index-OLDHASH.js',
      '/assets/index-OLDHASH.css',
      '/assets/no-extension',
      '/assets/',
      '/favicon.ico',
      '/robots.txt',
      '/.env',
      '/draft/a.b',
      '/%2e%2e%2fapp.js',
    ];
    for (const file of missing) {
      const response = await fetch(`${t.baseUrl}${file}`);
      expect({ file, status: response.status }).toEqual({ file, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe(WEB_FILE_NOT_FOUND_MESSAGE);
    }
    const head = await fetch(`${t.baseUrl}/assets/nope.js`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers the API 404 envelope, not the web app, for paths that only look like the API', async () => {
    for (const lookalike of [
      '/API/HEALTH',
      '/api%2Fhealth',
      '//api//health',
      '/Metrics',
      '/SOCKET.IO/x',
      '/Api',
    ]) {
      const response = await fetch(`${t.baseUrl}${lookalike}?x=1`);
      expect({ lookalike, status: response.status }).toEqual({ lookalike, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        success: false,
        message: `Route not found: GET ${lookalike}`,
        data: null,
      });
    }
  });

  it('explains how to build the web app when there is no build', async () => {
    const bare = await startTestApp({ env: { WEB_DIST_DIR: path.join(webDir, 'missing') } });
    try {
      const response = await fetch(`${bare.baseUrl}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(WEB_NOT_BUILT_MESSAGE);
    } finally {
      await bare.close();
    }
  });
});
