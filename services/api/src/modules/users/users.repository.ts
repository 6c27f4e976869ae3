import { Inject, Injectable } from '@nestjs/common';
import type { Role } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import type { UserRecord } from './user.record.js';

interface UserRow {
  id: string;
  username: string;
  email: string;
  role: Role;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, username, email, role, password_hash, created_at, updated_at';

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface NewUserRow {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
}

export interface UserChanges {
  username?: string;
  email?: string;
  passwordHash?: string;
}

/** SQL for the users table. Usernames and emails compare case-insensitively (unique on lower(...)). */
@Injectable()
export class UsersRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async findById(id: string): Promise<UserRecord | null> {
    const { rows } = await this.pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findManyByIds(ids: readonly string[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return rows.map(toRecord);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const { rows } = await this.pool.query<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Which of the two is already used by someone other than `exceptUserId`. */
  async findTaken(
    candidate: { username?: string; email?: string },
    exceptUserId?: string,
  ): Promise<{ username: boolean; email: boolean }> {
    const { rows } = await this.pool.query<{ username_taken: boolean; email_taken: boolean }>(
      `SELECT coalesce(bool_or(lower(username) = lower($1)), false) AS username_taken,
              coalesce(bool_or(lower(email) = lower($2)), false) AS email_taken
       FROM users
       WHERE (lower(username) = lower($1) OR lower(email) = lower($2)) AND id IS DISTINCT FROM $3::uuid`,
      [candidate.username ?? null, candidate.email ?? null, exceptUserId ?? null],
    );
    return { username: rows[0]?.username_taken ?? false, email: rows[0]?.email_taken ?? false };
  }

  async insert(user: NewUserRow): Promise<UserRecord> {
    const { rows } = await this.pool.query<UserRow>(
      `INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [user.username, user.email, user.passwordHash, user.role],
    );
    return toRecord(rows[0]!);
  }

  async update(id: string, changes: UserChanges): Promise<UserRecord | null> {
    const { rows } = await this.pool.query<UserRow>(
      `UPDATE users SET
         username = coalesce($2, username),
         email = coalesce($3, email),
         password_hash = coalesce($4, password_hash),
         updated_at = now()
       WHERE id = $1
       RETURNING ${COLUMNS}`,
      [id, changes.username ?? null, changes.email ?? null, changes.passwordHash ?? null],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Sorted by username, case-insensitively. */
  async listAll(): Promise<UserRecord[]> {
    const { rows } = await this.pool.query<UserRow>(
      `SELECT ${COLUMNS} FROM users ORDER BY lower(username), id`,
    );
    return rows.map(toRecord);
  }

  async countUsers(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
    return rows[0]?.n ?? 0;
  }
}
