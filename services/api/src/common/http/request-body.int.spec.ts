import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await t.loginAdmin()).token;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface RawAnswer {
  status: number;
  body: { success: boolean; message: string; data: unknown };
  ms: number;
}

/** One request with exactly these headers and body bytes; `sendBody: false` declares a body it never sends. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string = '',
  { sendBody = true } = {},
): Promise<RawAnswer> {
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    const url = new URL(path, t.baseUrl);
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), ms: Date.now() - startedAt });
        } catch (error) {
          reject(new Error(`${res.statusCode}: ${text.slice(0, 200)} (${(error as Error).message})`));
        }
      });
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5000 ms')));
    if (sendBody) req.end(body);
    else req.flushHeaders();
  });
}

const login = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });

describe('request bodies (docs/product.md §7.1)', () => {
  it.each([['text/plain'], ['text/plain;charset=UTF-8'], ['application/merge-patch+json']])(
    'JSON sent as %s is read as JSON',
    async (contentType) => {
      const answer = await raw('POST', '/api/auth/login', { 'content-type': contentType }, login);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 401,
        message: 'Invalid email or password',
      });
    },
  );

  it('answers without naming its framework (no X-Powered-By)', async () => {
    const answer = await fetch(`${t.baseUrl}/api/health`);
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });

  it('JSON sent without a Content-Type is read as JSON', async () => {
    const answer = await raw('POST', '/api/auth/login', { 'content-length': String(login.length) }, login);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 401,
      message: 'Invalid email or password',
    });
  });

  it('a form body is refused as not JSON, and creates nothing', async () => {
    const answer = await raw(
      'POST',
      '/api/drafts',
      { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${adminToken}` },
      'name=Form+draft',
    );
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { success: false, message: 'Malformed JSON body', data: null },
    });
    const drafts = await t.request<{ drafts: Array<{ name: string }> }>('GET', '/api/drafts', {
      token: adminToken,
    });
    expect(drafts.body.data.drafts.map((draft) => draft.name)).not.toContain('Form draft');
  });

  it('a declared body over the limit is refused at once (413), before any of it arrives', async () => {
    const answer = await raw(
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-length': '10000000' },
      '',
      { sendBody: false },
    );
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 413,
      body: { success: false, message: 'Request body is too large', data: null },
    });
    expect(answer.ms).toBeLessThan(2_000);
  });

  it('a gzip body is read; one that is not gzip is refused with a clear message', async () => {
    const zipped = await raw(
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(login),
    );
    expect(zipped.status).toBe(401);
    const notZipped = await raw(
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      login,
    );
    expect({ status: notZipped.status, body: notZipped.body }).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'The request body could not be decompressed: it does not match its Content-Encoding',
        data: null,
      },
    });
  });

  it.each([['/api/drafts/%ED%A0%80'], ['/api/teams/%FF'], ['/api/players/position/%']])(
    'a path that is not valid percent-encoding (%s) is answered 400 with a clear message',
    async (path) => {
      const answer = await raw('GET', path, { authorization: `Bearer ${adminToken}` });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { success: false, message: 'The request path is not valid URL encoding', data: null },
      });
    },
  );
});
