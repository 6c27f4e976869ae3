import fc from 'fast-check';
import {
  ClientEvents,
  SOCKET_FRAME_MAX_BYTES,
  ServerEvents,
  authenticatePayloadSchema,
  bidOnPlayerPayloadSchema,
  chatMessagePayloadSchema,
  joinDraftPayloadSchema,
  leaveDraftPayloadSchema,
  typingPayloadSchema,
} from '@auction/contracts';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { buildRequest, FUZZ_ROLES, type FuzzCase, type FuzzRole } from './fuzz-cases.js';
import { PAYLOAD_KINDS, hostileValue } from './fuzz-values.js';
import { describeTarget, targetsOf, type JsonSchema, type Operation } from './openapi-operations.js';
import type { FuzzWorld } from './fuzz-world.js';

/** What the API answers a failed socket handler with when the failure was unexpected (a 5xx over HTTP). */
export const SOCKET_INTERNAL_ERROR = 'Internal server error';

/** Every command the gateways accept, with the contracts' schema of its payload. */
const SOCKET_COMMANDS: Record<string, z.ZodType> = {
  [ClientEvents.authenticate]: authenticatePayloadSchema,
  [ClientEvents.joinDraft]: joinDraftPayloadSchema,
  [ClientEvents.leaveDraft]: leaveDraftPayloadSchema,
  [ClientEvents.chatMessage]: chatMessagePayloadSchema,
  [ClientEvents.bidOnPlayer]: bidOnPlayerPayloadSchema,
  [ClientEvents.typing]: typingPayloadSchema,
};

/** Socket commands as operations (method EMIT, the event as path), so the HTTP fuzzer's inputs apply. */
export function socketOperations(): Operation[] {
  return Object.entries(SOCKET_COMMANDS).map(([event, schema]) => ({
    method: 'EMIT',
    path: event,
    pathParams: [],
    queryParams: [],
    body: z.toJSONSchema(schema, {
      target: 'openapi-3.0',
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema,
  }));
}

/** Every (payload field, kind of payload, role) of every socket command. */
export function socketPlan(): Array<Omit<FuzzCase, 'value'>> {
  const plan: Array<Omit<FuzzCase, 'value'>> = [];
  for (const operation of socketOperations()) {
    for (const target of targetsOf(operation)) {
      if (target.in === 'query-extra') continue;
      for (const kind of PAYLOAD_KINDS) {
        for (const role of FUZZ_ROLES) plan.push({ operation, target, kind, role });
      }
    }
  }
  return plan;
}

/**
 * A socket's "huge" strings: over the payload limit (answered `Message is too large`) but within one frame, which
 * 'é' and '🏈' fill at two bytes per UTF-16 unit. A frame over SOCKET_FRAME_MAX_BYTES ends the connection by design
 * (socket-frame-size.int).
 */
const SOCKET_HUGE_LENGTH = (SOCKET_FRAME_MAX_BYTES - 2_048) / 2;

export function socketCases(count: number, seed: number): FuzzCase[] {
  const plan = socketPlan();
  return Array.from({ length: count }, (_, index) => {
    const planned = plan[index % plan.length]!;
    const [value] = fc.sample(hostileValue(planned.kind, SOCKET_HUGE_LENGTH), {
      seed: seed + index,
      numRuns: 1,
    });
    return { ...planned, value };
  });
}

export interface SocketOutcome {
  fuzzCase: FuzzCase;
  /** The `error`/`authError` message, 'ack' when the command was acknowledged, 'no answer' otherwise. */
  answer: string;
}

export interface SocketFuzzResult {
  outcomes: SocketOutcome[];
  /** Every `error { message: 'Internal server error' }` any fuzz socket received, attributed or not. */
  internalErrors: number;
  /** Sockets the server disconnected. */
  disconnects: number;
}

const ANSWER_WAIT_MS = 1_000;

/** One socket per role (anonymous never authenticates; the others join the world's draft), commands in order. */
export async function runSocketFuzz(
  baseUrl: string,
  world: FuzzWorld,
  cases: FuzzCase[],
): Promise<SocketFuzzResult> {
  let internalErrors = 0;
  let disconnects = 0;
  const outcomes: SocketOutcome[] = [];
  await Promise.all(
    FUZZ_ROLES.map(async (role) => {
      const socket = await openSocket(baseUrl, world, role);
      socket.on(ServerEvents.error, (payload: { message?: unknown }) => {
        if (payload?.message === SOCKET_INTERNAL_ERROR) internalErrors += 1;
      });
      socket.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') disconnects += 1;
      });
      try {
        for (const fuzzCase of cases.filter((c) => c.role === role)) {
          const payload = JSON.parse(buildRequest(fuzzCase, world.ids).body ?? 'null') as unknown;
          outcomes.push({ fuzzCase, answer: await emitAndWait(socket, fuzzCase.operation.path, payload) });
          // Leaving the draft (a valid id with junk around it) would turn later chat and typing away unread.
          if (fuzzCase.operation.path === ClientEvents.leaveDraft && role !== 'anonymous') {
            await emitAndWait(socket, ClientEvents.joinDraft, { draftId: world.ids.draft });
          }
        }
        // Late answers (a slow handler) still count.
        await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        socket.disconnect();
      }
    }),
  );
  return { outcomes, internalErrors, disconnects };
}

async function openSocket(baseUrl: string, world: FuzzWorld, role: FuzzRole): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const token = world.tokens[role];
  if (token) {
    const answer = await emitAndWait(
      socket,
      ClientEvents.authenticate,
      { token },
      ServerEvents.authenticated,
    );
    if (answer !== ServerEvents.authenticated)
      throw new Error(`socket as ${role} not authenticated: ${answer}`);
    const joined = await emitAndWait(socket, ClientEvents.joinDraft, { draftId: world.ids.draft });
    if (joined !== 'ack') throw new Error(`socket as ${role} could not join the draft: ${joined}`);
  }
  return socket;
}

/** Emits and resolves with the first answer: the ack, an error, an authError (or `alsoWaitFor`). */
function emitAndWait(socket: Socket, event: string, payload: unknown, alsoWaitFor?: string): Promise<string> {
  return new Promise((resolve) => {
    const events = [ServerEvents.error, ServerEvents.authError, ...(alsoWaitFor ? [alsoWaitFor] : [])];
    const listeners = events.map((name) => {
      const listener = (answer: { message?: unknown }) =>
        done(name === alsoWaitFor ? name : String(answer?.message ?? name));
      socket.on(name, listener);
      return [name, listener] as const;
    });
    const timer = setTimeout(() => done('no answer'), ANSWER_WAIT_MS);
    function done(answer: string) {
      clearTimeout(timer);
      for (const [name, listener] of listeners) socket.off(name, listener);
      resolve(answer);
    }
    socket.emit(event, payload, () => done('ack'));
  });
}

export function summariseSocketFuzz(result: SocketFuzzResult): {
  total: number;
  byAnswer: Record<string, number>;
  internalErrorsBy: Array<{ key: string; count: number }>;
} {
  const byAnswer: Record<string, number> = {};
  const failures = new Map<string, number>();
  for (const { fuzzCase, answer } of result.outcomes) {
    const key = answer.length > 60 ? `${answer.slice(0, 57)}...` : answer;
    byAnswer[key] = (byAnswer[key] ?? 0) + 1;
    if (answer !== SOCKET_INTERNAL_ERROR) continue;
    const where = `${fuzzCase.operation.path} ${describeTarget(fuzzCase.target)} ${fuzzCase.kind}`;
    failures.set(where, (failures.get(where) ?? 0) + 1);
  }
  return {
    total: result.outcomes.length,
    byAnswer,
    internalErrorsBy: [...failures].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count),
  };
}
