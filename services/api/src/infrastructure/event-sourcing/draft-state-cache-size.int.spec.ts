import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sampleValue, scrapeMetrics } from '@auction/prometheus-text';
import type { Draft } from '@auction/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { createDraft } from '../../modules/teams/__tests__/league-test-kit.js';

const CACHED_DRAFTS = 10;

let t: TestApp;
let admin: TestUser;
const drafts: Draft[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { DRAFT_STATE_CACHE_SIZE: String(CACHED_DRAFTS) } });
  admin = await t.loginAdmin();
  for (let i = 0; i <= CACHED_DRAFTS; i++)
    drafts.push(await createDraft(t, admin.token, `Cache League ${i}`));
});

afterAll(async () => {
  await t?.close();
});

/** Draft streams read and folded whole so far, because their state was not in the runner's cache. */
async function draftStateLoads(): Promise<number> {
  const { samples } = await scrapeMetrics(`${t.baseUrl}/metrics`);
  return sampleValue(samples, 'stream_state_loads_total', { stream: 'draft' });
}

async function rename(draft: Draft, name: string): Promise<void> {
  const response = await t.request('PUT', `/api/drafts/${draft._id}`, { token: admin.token, body: { name } });
  expect(response.status).toBe(200);
}

describe('DRAFT_STATE_CACHE_SIZE', () => {
  it('keeps that many draft states: a command on a recent draft reads nothing, one on the evicted draft reads it whole', async () => {
    const before = await draftStateLoads();
    await rename(drafts.at(-1)!, 'Cache League, newest');
    expect(await draftStateLoads()).toBe(before);

    // The first of CACHED_DRAFTS + 1 drafts left the cache when the last was created.
    await rename(drafts[0]!, 'Cache League, oldest');
    expect(await draftStateLoads()).toBe(before + 1);
    const read = await t.request<{ draft: Draft }>('GET', `/api/drafts/${drafts[0]!._id}`, {
      token: admin.token,
    });
    expect(read.body.data.draft.name).toBe('Cache League, oldest');
  });
});
