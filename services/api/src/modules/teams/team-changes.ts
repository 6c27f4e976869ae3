import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../config/config.js';
import {
  closeRedisClient,
  createRedisClient,
  listenToChannel,
  namespacedKey,
  REDIS,
  REDIS_NAMESPACE,
  type ChannelListener,
} from '../../infrastructure/redis/index.js';
import {
  parseTeamChange,
  TEAM_CACHE_TTL_MS,
  type TeamChange,
  type TeamChangeFeed,
  type TeamChangeListener,
} from './team-change.js';

/** How long a command waits for its change to be published before answering anyway (a hung Redis). */
export const PUBLISH_WAIT_MS = 1_000;

/** The channel, under the instance's Redis namespace: instances on another database never hear it. */
export function teamChangesChannel(namespace: string): string {
  return namespacedKey(namespace, 'teams', 'changes');
}

/**
 * Team changes, across instances: after a team command commits, `announce` makes this instance's caches forget
 * what it changed and publishes it on Redis, where every instance (this one too) hears it on a dedicated subscriber
 * connection. So the caches of team data (owned teams, team names) keep entries for minutes and the bid path reads
 * none of them (ADR 0021). A dropped subscriber may have missed changes: on every confirmed (re)subscription the
 * caches forget everything, and meanwhile they trust entries only UNSUBSCRIBED_TTL_MS.
 */
@Injectable()
export class TeamChanges implements TeamChangeFeed, ChannelListener, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('TeamChanges');
  private readonly listeners: TeamChangeListener[] = [];
  private readonly committedHooks: ((change: TeamChange) => Promise<void>)[] = [];
  private readonly channel: string;
  private subscriber: Redis | undefined;
  listening = false;

  constructor(
    @Inject(REDIS) private readonly redis: Pick<Redis, 'publish'>,
    @Inject(REDIS_NAMESPACE) namespace: string,
    @Inject(CONFIG) private readonly config: Pick<AppConfig, 'redisUrl'>,
  ) {
    this.channel = teamChangesChannel(namespace);
  }

  onModuleInit(): void {
    // Named after the channel, so an operator (or a test) can tell which database's subscriber it is.
    this.subscriber = createRedisClient(this.config.redisUrl, this.channel, { subscriber: true });
    listenToChannel(this.subscriber, this.channel, this, this.logger);
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await closeRedisClient(subscriber);
  }

  listen(listener: TeamChangeListener): void {
    this.listeners.push(listener);
  }

  /** Runs after each change this instance commits (not those heard from others), once it is published. */
  afterAnnounce(hook: (change: TeamChange) => Promise<void>): void {
    this.committedHooks.push(hook);
  }

  /**
   * After a team command committed. Never throws: the change is durable whatever happens here. When the PUBLISH
   * fails, this instance has forgotten already and the others keep their entries until they expire.
   */
  async announce(change: TeamChange): Promise<void> {
    this.forget(change);
    const published = this.redis.publish(this.channel, JSON.stringify(change)).then(
      () => undefined,
      (error: Error) =>
        this.logger.warn(
          `could not publish a team change (${error.message}): other instances may show the old owner or name ` +
            `for up to ${TEAM_CACHE_TTL_MS / 60_000} minutes`,
        ),
    );
    // Waiting lets the other instances hear it before the caller is answered, but a hung Redis must not hold it.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)));
    await Promise.race([published, gaveUp]);
    clearTimeout(timer);
    for (const hook of this.committedHooks) await hook(change);
  }

  onMessage(text: string): void {
    const change = parseTeamChange(text);
    if (change) return this.forget(change);
    this.logger.warn(`unreadable team change ${JSON.stringify(text.slice(0, 200))}: forgetting every entry`);
    this.forgetAll();
  }

  onSubscribed(): void {
    // Changes published while the subscriber was away were missed, and reads since may have cached them.
    this.forgetAll();
    this.listening = true;
  }

  onUnsubscribed(): void {
    this.listening = false;
  }

  private forget(change: TeamChange): void {
    for (const listener of this.listeners) listener.forget(change);
  }

  private forgetAll(): void {
    for (const listener of this.listeners) listener.forgetAll();
  }
}
