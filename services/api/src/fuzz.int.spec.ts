import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FUZZ_ROLES, describeCase, fuzzCases, fuzzPlan } from './bench/fuzz/fuzz-cases.js';
import { PAYLOAD_KINDS } from './bench/fuzz/fuzz-values.js';
import { replacementCharacterRows, sanityReads } from './bench/fuzz/fuzz-checks.js';
import { isServerFailure, runHttpFuzz, type FuzzOutcome } from './bench/fuzz/fuzz-runner.js';
import { createFuzzWorld, type FuzzWorld } from './bench/fuzz/fuzz-world.js';
import { operationsOf, type OpenApiDocument, type Operation } from './bench/fuzz/openapi-operations.js';
import { SOCKET_INTERNAL_ERROR, runSocketFuzz, socketCases, socketPlan } from './bench/fuzz/socket-fuzz.js';
import { TokenService } from './common/auth/token.service.js';
import { loadBundledPool } from './modules/players/__tests__/player-test-kit.js';
import { poolOf } from './modules/teams/__tests__/league-test-kit.js';
import { startTestApp, type TestApp } from './test-support/app-harness.js';

/**
 * Fuzzing (issue: a NUL byte or a lone surrogate in any text gave a 500). Every operation of the app's own OpenAPI
 * document, every input it reads (path and query parameters, every body field, the body as a whole, undeclared
 * query parameters) gets U+0000, unpaired high and low surrogates, 100 KB strings, wrong types and `__proto__` keys,
 * as anonymous, a plain user, a team owner and the admin; every socket command the same. Nothing may answer a 5xx
 * (or "Internal server error" on a socket), store something other than what was sent, or break later reads.
 * Values come from fast-check with a fixed seed: a failure names its case and reruns the same. `npm run fuzz` runs
 * 10,000 of them.
 */
const SEED = 20251123;

let t: TestApp;
let world: FuzzWorld;
let operations: Operation[];
let storedBefore: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  const document = await fetch(`${t.baseUrl}/api/docs-json`);
  operations = operationsOf((await document.json()) as OpenApiDocument);
  world = await createFuzzWorld(
    t.baseUrl,
    t.config.admin,
    () => loadBundledPool(t),
    (user) => t.app.get(TokenService).sign(user),
  );
  storedBefore = await replacementCharacterRows(poolOf(t));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const failuresOf = (outcomes: FuzzOutcome[]) =>
  outcomes
    .filter(isServerFailure)
    .map((outcome) => `${describeCase(outcome.fuzzCase)} → ${outcome.status} ${outcome.message}`);

describe('fuzzing the API', () => {
  it('reads every operation the app serves from its OpenAPI document, bodies and query strings included', () => {
    const described = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path);
    expect(operations.length).toBeGreaterThanOrEqual(45);
    // Bodies and query strings the contracts validate are documented, so the fuzzer reaches them.
    expect(described('POST', '/api/teams')?.body).not.toBeNull();
    expect(described('PUT', '/api/drafts/{id}')?.body).not.toBeNull();
    expect(described('GET', '/api/drafts/picks/recent')?.queryParams.map((p) => p.name)).toEqual([
      'limit',
      'draftId',
    ]);
    expect(described('GET', '/api/drafts/{id}/events')?.queryParams.map((p) => p.name)).toEqual([
      'after',
      'limit',
    ]);
  });

  it('answers every fuzzed input of every operation, as every role, with a 2xx or 4xx, never a 5xx', async () => {
    // Every (input, payload kind) once per role would be ~4,300 requests (npm run fuzz sends 10,000): here each
    // input gets every kind of payload from two of the roles, alternating, so every input is sent as every role.
    const plan = fuzzPlan(operations).filter(
      (c) => (PAYLOAD_KINDS.indexOf(c.kind) + FUZZ_ROLES.indexOf(c.role)) % 2 === 0,
    );
    const cases = fuzzCases(operations, plan.length, SEED, plan);
    expect(cases.length).toBe(fuzzPlan(operations).length / 2);
    const outcomes = await runHttpFuzz(t.baseUrl, world, cases);
    expect(failuresOf(outcomes)).toEqual([]);
    // Bad input is answered in the envelope, except what Node refuses before the app (431: a 100 KB URL).
    const bare = outcomes.filter((o) => !o.enveloped && o.status !== 431);
    expect(bare.map((o) => `${describeCase(o.fuzzCase)} → ${o.status} ${o.message}`)).toEqual([]);
  }, 600_000);

  it('answers every fuzzed socket command, as every role, with a clear error, never "Internal server error"', async () => {
    const cases = socketCases(socketPlan().length, SEED);
    const result = await runSocketFuzz(t.baseUrl, world, cases);
    expect(
      result.outcomes.filter((o) => o.answer === SOCKET_INTERNAL_ERROR).map((o) => describeCase(o.fuzzCase)),
    ).toEqual([]);
    expect({ internalErrors: result.internalErrors, disconnects: result.disconnects }).toEqual({
      internalErrors: 0,
      disconnects: 0,
    });
  }, 300_000);

  it('stored nothing other than what was sent, and the league still reads after fuzzing', async () => {
    expect(await replacementCharacterRows(poolOf(t))).toEqual(storedBefore);
    expect(await sanityReads(t.baseUrl, world)).toEqual([]);
  });
});
