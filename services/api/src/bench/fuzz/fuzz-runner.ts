import { buildRequest, describeCase, type FuzzCase } from './fuzz-cases.js';
import { describeTarget } from './openapi-operations.js';
import type { FuzzWorld } from './fuzz-world.js';

export interface FuzzOutcome {
  fuzzCase: FuzzCase;
  /** 0 when no HTTP answer came (connection reset, timeout). */
  status: number;
  message: string;
  /** Whether the answer was the `{ success, message, data }` envelope. */
  enveloped: boolean;
  /** Round trip, sign-in for the case included. */
  ms: number;
}

/** Sends every case over HTTP, `concurrency` at a time; outcomes in case order. */
export async function runHttpFuzz(
  baseUrl: string,
  world: FuzzWorld,
  cases: FuzzCase[],
  concurrency = 4,
): Promise<FuzzOutcome[]> {
  const outcomes = new Array<FuzzOutcome>(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      outcomes[index] = await send(baseUrl, world, cases[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return outcomes;
}

async function send(baseUrl: string, world: FuzzWorld, fuzzCase: FuzzCase): Promise<FuzzOutcome> {
  const started = performance.now();
  const request = buildRequest(fuzzCase, world.ids);
  const token = await world.tokenFor(fuzzCase.role, fuzzCase.operation.path);
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const envelope = parseEnvelope(text);
    return {
      fuzzCase,
      status: response.status,
      message: envelope?.message ?? text.slice(0, 120),
      enveloped: envelope !== null,
      ms: performance.now() - started,
    };
  } catch (error) {
    return {
      fuzzCase,
      status: 0,
      message: (error as Error).message,
      enveloped: false,
      ms: performance.now() - started,
    };
  }
}

function parseEnvelope(text: string): { message: string } | null {
  try {
    const body = JSON.parse(text) as { success?: unknown; message?: unknown };
    return typeof body.success === 'boolean' && typeof body.message === 'string'
      ? { message: body.message }
      : null;
  } catch {
    return null;
  }
}

/** A 5xx, or no answer at all: what fuzzing must never produce. */
export const isServerFailure = (outcome: FuzzOutcome): boolean =>
  outcome.status === 0 || outcome.status >= 500;

export interface FuzzSummary {
  total: number;
  byStatus: Record<string, number>;
  serverFailures: number;
  /** Server failures by operation, input and kind of payload, most first. */
  failuresBy: Array<{ key: string; count: number; example: string }>;
  /** Time spent per operation, slowest first (where a run's time goes). */
  slowest: Array<{ operation: string; requests: number; totalMs: number }>;
  /** Answers that were not the envelope (the transport refused them before the app: 431, …), by status. */
  notEnveloped: Record<string, number>;
}

export function summariseFuzz(outcomes: FuzzOutcome[]): FuzzSummary {
  const byStatus: Record<string, number> = {};
  const notEnveloped: Record<string, number> = {};
  const failures = new Map<string, { count: number; example: string }>();
  const time = new Map<string, { requests: number; totalMs: number }>();
  for (const outcome of outcomes) {
    const route = `${outcome.fuzzCase.operation.method} ${outcome.fuzzCase.operation.path}`;
    const spent = time.get(route) ?? { requests: 0, totalMs: 0 };
    time.set(route, { requests: spent.requests + 1, totalMs: spent.totalMs + outcome.ms });
    const status = String(outcome.status);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (!outcome.enveloped) notEnveloped[status] = (notEnveloped[status] ?? 0) + 1;
    if (!isServerFailure(outcome)) continue;
    const { operation, target, kind } = outcome.fuzzCase;
    const key = `${operation.method} ${operation.path} ${describeTarget(target)} ${kind}`;
    const entry = failures.get(key) ?? {
      count: 0,
      example: `${describeCase(outcome.fuzzCase)} → ${outcome.status} ${outcome.message}`,
    };
    entry.count += 1;
    failures.set(key, entry);
  }
  return {
    total: outcomes.length,
    byStatus,
    serverFailures: outcomes.filter(isServerFailure).length,
    slowest: [...time]
      .map(([operation, spent]) => ({ operation, ...spent }))
      .sort((a, b) => b.totalMs - a.totalMs),
    failuresBy: [...failures].map(([key, entry]) => ({ key, ...entry })).sort((a, b) => b.count - a.count),
    notEnveloped,
  };
}
