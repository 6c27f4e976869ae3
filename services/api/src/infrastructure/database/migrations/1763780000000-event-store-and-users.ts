import { eventStoreSchemaSql } from '@auction/event-store';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log (es_events, es_streams, es_commands from @auction/event-store) and the accounts.
 *
 * Users are plain state, not event-sourced: an account is not part of any draft's history and nothing replays
 * it. Usernames and emails are unique case-insensitively (the API looks them up lower-cased too).
 * revoked_tokens holds logged-out token ids until the token would have expired anyway; it lives in PostgreSQL,
 * not Redis, so a logout survives a Redis restart.
 */
export class EventStoreAndUsers1763780000000 implements MigrationInterface {
  name = 'EventStoreAndUsers1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(eventStoreSchemaSql);
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username))`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))`);
    await queryRunner.query(`
      CREATE TABLE revoked_tokens (
        jti text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX revoked_tokens_expires_at_idx ON revoked_tokens (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS revoked_tokens`);
    await queryRunner.query(`DROP TABLE IF EXISTS users`);
    // The event log is never dropped by a migration: it is the source of truth.
  }
}
