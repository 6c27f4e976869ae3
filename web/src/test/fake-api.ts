/**
 * Stands in for the server: replaces `fetch` (the test environment lends Node's fetch API to jsdom) with one that
 * answers from `respond`, so the real RTK Query `baseApi`, its envelope handling and its central error toasts run.
 */
export interface FakeCall {
  method: string;
  /** The path below /api, e.g. `/drafts/{id}/start`. */
  path: string;
  body: unknown;
  /** The query string's parameters; present only when there is a query string. */
  params?: Record<string, string>;
  /** The `Idempotency-Key` header; present only when sent. */
  idempotencyKey?: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export type Responder = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

export function ok<T>(data: T, message = 'OK'): FakeAnswer {
  return { status: 200, body: { success: true, message, data } };
}

export function fail(status: number, message: string): FakeAnswer {
  return { status, body: { success: false, message, data: null } };
}

/** Installs the fake and returns the calls it received and a function that puts the real fetch back. */
export function installFakeApi(respond: Responder) {
  const calls: FakeCall[] = [];
  const realFetch = globalThis.fetch;

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const call: FakeCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      body: text ? JSON.parse(text) : undefined,
      ...(url.search ? { params: Object.fromEntries(url.searchParams) } : {}),
      ...(request.headers.has('idempotency-key')
        ? { idempotencyKey: request.headers.get('idempotency-key')! }
        : {}),
    };
    calls.push(call);
    const answer = await respond(call);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  return {
    calls,
    restore: () => {
      globalThis.fetch = realFetch;
    },
  };
}
