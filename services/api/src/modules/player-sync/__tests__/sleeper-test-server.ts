import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The recorded `GET /v1/players/nfl` sample (150 entries of the real answer, QB/RB/WR/TE). */
export const SLEEPER_SAMPLE = JSON.parse(
  readFileSync(new URL('./fixtures/sleeper-players-sample.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, unknown>>;

/** A DEF entry as the full answer has them (keyed by team code; full_name, age and number null). */
export function sleeperDefense(team: string, names?: { first_name: string; last_name: string }) {
  return {
    player_id: team,
    position: 'DEF',
    team,
    full_name: null,
    age: null,
    number: null,
    status: null,
    injury_status: null,
    ...names,
  };
}

/** What the server answers to the next requests. */
export type SleeperBehaviour =
  | { kind: 'json'; body: unknown; delayMs?: number }
  | { kind: 'raw'; status: number; body: string; contentType?: string };

/**
 * A local stand-in for api.sleeper.app on 127.0.0.1 (port 0): serves `GET /v1/players/nfl` as told, so the
 * Sleeper adapter is tested over real HTTP without the internet.
 */
export class SleeperTestServer {
  behaviour: SleeperBehaviour = { kind: 'json', body: SLEEPER_SAMPLE };
  readonly requests: string[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      this.requests.push(`${request.method} ${request.url}`);
      if (request.url !== '/v1/players/nfl') {
        response.writeHead(404).end('{"message":"not found"}');
        return;
      }
      const behaviour = this.behaviour;
      if (behaviour.kind === 'raw') {
        response.writeHead(behaviour.status, { 'content-type': behaviour.contentType ?? 'application/json' });
        response.end(behaviour.body);
        return;
      }
      const send = () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(behaviour.body));
      };
      if (behaviour.delayMs) setTimeout(send, behaviour.delayMs);
      else send();
    });
  }

  static async start(): Promise<SleeperTestServer> {
    const instance = new SleeperTestServer();
    await new Promise<void>((resolve) => instance.server.listen(0, '127.0.0.1', resolve));
    return instance;
  }

  /** e.g. http://127.0.0.1:41234/v1, for SLEEPER_BASE_URL. */
  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
