import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { streamKindOf } from '@auction/domain';
import { processMetricsRegistry } from './process-metrics.js';

/** Request and command latencies: from a cached bid (milliseconds) to a slow rebuild (seconds). */
export const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A timer fires TIMER_GRACE_MS (150 ms) after its deadline on purpose, so the interesting range starts there. */
export const TIMER_LATENESS_BUCKETS = [0.1, 0.15, 0.2, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

/**
 * The API's Prometheus metrics, in a registry of its own per app (never prom-client's global one: tests run
 * several apps in one process), served with the process-wide default metrics. Labels are bounded by construction: route templates, command class names,
 * stream kinds, timer names — never ids or raw URLs.
 */
@Injectable()
export class ApiMetrics {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status class, from arrival to the last byte written',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly commands = new Counter({
    name: 'commands_total',
    help: 'Commands run through the command bus, by type and outcome (accepted, rejected_<kind>, error)',
    labelNames: ['type', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly commandDuration = new Histogram({
    name: 'command_duration_seconds',
    help: 'Time a command took in its handler (load, decide, append, inline projections, publish), by type and outcome',
    labelNames: ['type', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly appendDuration = new Histogram({
    name: 'event_append_duration_seconds',
    help: 'Appends to the event log (one transaction with the inline projections), by stream kind and outcome',
    labelNames: ['stream', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly stateLoads = new Counter({
    name: 'stream_state_loads_total',
    help: 'Streams read from the log and folded because this instance had no cached state (a new stream, or one its cache let go), by stream kind',
    labelNames: ['stream'] as const,
    registers: [this.registry],
  });

  private readonly timerLateness = new Histogram({
    name: 'timer_lateness_seconds',
    help: 'From a draft clock deadline to the moment its timer job completed the auction or auto-nominated',
    labelNames: ['timer'] as const,
    buckets: TIMER_LATENESS_BUCKETS,
    registers: [this.registry],
  });

  private readonly timerArms = new Counter({
    name: 'draft_timer_arms_total',
    help: 'BullMQ timer jobs this process added (added) or moved to a later deadline when they fired early (postponed), by timer',
    labelNames: ['timer', 'how'] as const,
    registers: [this.registry],
  });

  private readonly projectionLag = new Gauge({
    name: 'projection_lag_events',
    help: 'Events in the log a projection has not applied yet (inline projections commit with the events: always 0)',
    labelNames: ['projection', 'mode'] as const,
    registers: [this.registry],
  });

  private readonly statements = new Counter({
    name: 'db_statements_total',
    help: 'SQL statements the API sent to PostgreSQL on its pool (BEGIN and COMMIT included): round trips',
    registers: [this.registry],
  });

  /** The exposition Prometheus scrapes: this app's metrics and the process's. */
  exposition(): Promise<string> {
    return Registry.merge([processMetricsRegistry(), this.registry]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }

  observeCommand(type: string, outcome: string, seconds: number): void {
    this.commands.inc({ type, outcome });
    this.commandDuration.observe({ type, outcome }, seconds);
  }

  /** `streamId` is `<kind>-<id>`: only the kind becomes a label. */
  observeAppend(streamId: string, outcome: 'appended' | 'duplicate' | 'conflict' | 'error', seconds: number) {
    this.appendDuration.observe({ stream: streamKindOf(streamId), outcome }, seconds);
  }

  /** A stream read and folded whole: its state was not in the cache. */
  countStateLoad(streamKind: string): void {
    this.stateLoads.inc({ stream: streamKind });
  }

  countStatement(): void {
    this.statements.inc();
  }

  /** db_statements_total so far (tests count a command's round trips with it). */
  async statementCount(): Promise<number> {
    return (await this.statements.get()).values[0]?.value ?? 0;
  }

  /** Called where a draft timer's command completed; `deadline` is the clock's deadline (epoch ms). */
  observeTimerLateness(timer: string, deadline: number, now = Date.now()): void {
    this.timerLateness.observe({ timer }, Math.max(0, now - deadline) / 1000);
  }

  /** A Redis write for a draft clock: a job added, or one that fired before its deadline moved to it. */
  countTimerArm(timer: string, how: 'added' | 'postponed'): void {
    this.timerArms.inc({ timer, how });
  }

  /** draft_timer_arms_total so far for one timer and kind (tests count a draft's Redis writes with it). */
  async timerArmCount(timer: string, how: 'added' | 'postponed'): Promise<number> {
    const { values } = await this.timerArms.get();
    return values.find((v) => v.labels['timer'] === timer && v.labels['how'] === how)?.value ?? 0;
  }

  /** How far behind the log a projection is; async projections report here as they catch up. */
  reportProjectionLag(projection: string, mode: 'inline' | 'async', events: number): void {
    this.projectionLag.set({ projection, mode }, events);
  }
}
