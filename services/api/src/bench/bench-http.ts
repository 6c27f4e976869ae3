/** A small REST client for benchmarks that drive the app from outside, over its public `/api` envelope. */
type Envelope<T> = { success: boolean; message: string; data: T };

export class ApiClient {
  constructor(private readonly base: string) {}

  async login(email: string, password: string): Promise<string> {
    const { token } = await this.post<{ token: string }>('/auth/login', undefined, { email, password });
    return token;
  }

  register(
    username: string,
    email: string,
    password: string,
  ): Promise<{ token: string; user: { _id: string } }> {
    return this.post('/auth/register', undefined, { username, email, password });
  }

  get<T>(path: string, token: string): Promise<T> {
    return this.send<T>('GET', path, token);
  }

  post<T = unknown>(path: string, token: string | undefined, body: unknown): Promise<T> {
    return this.send<T>('POST', path, token, body);
  }

  private async send<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!response.ok || !envelope.success) {
      throw new Error(`${method} ${path} → ${response.status}: ${envelope.message}`);
    }
    return envelope.data;
  }
}

/** Polls `/api/health` until the app answers (or its process exits, or 5 minutes pass: `npm start` may build). */
export async function waitForHealth(base: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error('the app exited before it became healthy');
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not become healthy in 5 minutes`);
}

/** Runs task(0..count-1) with at most `concurrency` at a time; results in index order. */
export async function runWithConcurrency<T>(
  concurrency: number,
  count: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
