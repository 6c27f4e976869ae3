import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { readRelayPosition } from '@auction/ops-figures';
import type { Pool } from 'pg';
import { Gauge } from 'prom-client';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { draftRoom } from '../../gateway/socket-rooms.js';
import { SocketServerRef } from '../../gateway/socket-server.ref.js';
import { socketUser } from '../../gateway/socket-user.js';
import { PG_POOL } from '../database/database.module.js';
import type { Projection } from '../event-sourcing/projection.js';
import { ApiMetrics } from './api-metrics.js';

const DRAFT_ROOM_PREFIX = draftRoom('');

/**
 * Gauges read when Prometheus scrapes, not kept up to date on every change: this instance's sockets and draft
 * rooms (socket.io's own maps), the log head and the Kafka relay's lag (two indexed reads in PostgreSQL).
 */
@Injectable()
export class LiveGauges implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');
  private lastRead: { at: number; position: Promise<LogPosition> } | undefined;

  constructor(
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
    @Inject(SocketServerRef) private readonly sockets: SocketServerRef,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
  ) {
    const registers = [metrics.registry];
    const connected = () => [...(this.sockets.server?.sockets.sockets.values() ?? [])];
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Sockets connected to this instance, by whether they authenticated',
      labelNames: ['authenticated'] as const,
      registers,
      collect() {
        const all = connected();
        const authenticated = all.filter((socket) => socketUser(socket)).length;
        this.set({ authenticated: 'true' }, authenticated);
        this.set({ authenticated: 'false' }, all.length - authenticated);
      },
    });
    const draftRooms = () =>
      [...(this.sockets.server?.sockets.adapter.rooms ?? new Map<string, Set<string>>())].filter(([room]) =>
        room.startsWith(DRAFT_ROOM_PREFIX),
      );
    new Gauge({
      name: 'socketio_draft_rooms',
      help: 'Draft rooms with at least one socket of this instance in them',
      registers,
      collect() {
        this.set(draftRooms().length);
      },
    });
    new Gauge({
      name: 'socketio_draft_room_members',
      help: 'Draft rooms joined, summed over this instance’s sockets (one socket in two drafts counts twice)',
      registers,
      collect() {
        this.set(draftRooms().reduce((sum, [, members]) => sum + members.size, 0));
      },
    });

    const log = () => this.logPosition();
    new Gauge({
      name: 'event_log_head_position',
      help: 'Global position of the newest event in the log',
      registers,
      async collect() {
        const { head } = await log();
        this.reset();
        if (head !== null) this.set(head);
      },
    });
    new Gauge({
      name: 'relay_lag_events',
      help: 'Events in the log the Kafka relay has not published yet (no sample: no relay on this database)',
      labelNames: ['relay'] as const,
      registers,
      async collect() {
        const { relay } = await log();
        this.reset();
        if (relay) this.set({ relay: config.ops.relayName }, relay.events);
      },
    });
    new Gauge({
      name: 'relay_lag_seconds',
      help: 'Age of the oldest event the Kafka relay has not published yet (0 when it has caught up)',
      labelNames: ['relay'] as const,
      registers,
      async collect() {
        const { relay } = await log();
        this.reset();
        if (relay) this.set({ relay: config.ops.relayName }, relay.seconds);
      },
    });
  }

  /** Inline projections commit with the events, so their lag is 0 by construction; listed so dashboards see them. */
  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.isDependencyTreeStatic() ? wrapper.instance : undefined;
      if (isProjection(instance)) this.metrics.reportProjectionLag(instance.name, 'inline', 0);
    }
  }

  /**
   * prom-client collects every metric of a scrape at once, so the three log gauges share one read: the one in
   * flight, or one finished less than a second ago.
   */
  private logPosition(): Promise<LogPosition> {
    if (this.lastRead && performance.now() - this.lastRead.at < 1_000) return this.lastRead.position;
    const position = this.readLogPosition();
    this.lastRead = { at: performance.now(), position };
    return position;
  }

  private async readLogPosition(): Promise<LogPosition> {
    try {
      const [head, relay] = await Promise.all([
        this.pool.query<{ head: string }>('SELECT coalesce(max(global_position), 0) AS head FROM es_events'),
        readRelayPosition(this.pool, this.config.ops.relayName),
      ]);
      return {
        head: Number(head.rows[0]?.head ?? 0),
        relay: relay && {
          events: relay.eventsBehind,
          seconds: relay.oldestUnrelayedAt
            ? Math.max(0, Date.now() - Date.parse(relay.oldestUnrelayedAt)) / 1000
            : 0,
        },
      };
    } catch (error) {
      // A scrape must still answer (process and HTTP metrics) while PostgreSQL is away.
      this.logger.warn(`log position not read for metrics: ${(error as Error).message}`);
      return { head: null, relay: null };
    }
  }
}

/** null: not read (PostgreSQL away), so the gauges have no sample rather than a false 0. */
interface LogPosition {
  head: number | null;
  relay: { events: number; seconds: number } | null;
}

function isProjection(value: unknown): value is Projection {
  const candidate = value as Partial<Projection> | null | undefined;
  return (
    typeof candidate?.name === 'string' &&
    Array.isArray(candidate.tables) &&
    typeof candidate.apply === 'function' &&
    typeof candidate.handles === 'function'
  );
}
