import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Role } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import type { AuthUser } from './auth-user.js';

/** The claims of our tokens (HS256): subject, role, username, token id, expiry. */
export interface TokenClaims {
  sub: string;
  role: Role;
  username: string;
  jti: string;
  exp: number;
  iat: number;
}

export interface Authenticated {
  user: AuthUser;
  token: { jti: string; exp: number };
}

/**
 * Issues and checks access tokens. A token is accepted only if its signature and expiry are valid, it was not
 * revoked by a logout, and its user still exists. The user's current username and role come from the database,
 * not the token, so a renamed user is seen by their new name at once.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  sign(user: AuthUser): Promise<string> {
    return this.jwt.signAsync({ sub: user.id, role: user.role, username: user.username, jti: randomUUID() });
  }

  /** The caller behind a token, or null when it is invalid, expired, revoked or its user is gone. */
  async authenticate(token: string): Promise<Authenticated | null> {
    const claims = await this.verify(token);
    return claims ? this.resolve(claims) : null;
  }

  /**
   * A token's claims when its signature and expiry hold (nothing read from the database): the socket gateway names
   * the token's room by them before asking `resolve`, so a logout that commits in between still finds the socket.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<TokenClaims>>(token, { algorithms: ['HS256'] });
      const valid =
        typeof claims.sub === 'string' &&
        typeof claims.jti === 'string' &&
        typeof claims.exp === 'number' &&
        /^[0-9a-f-]{36}$/i.test(claims.sub);
      return valid ? (claims as TokenClaims) : null;
    } catch {
      return null;
    }
  }

  /** The caller behind verified claims, or null when the token was revoked or its user is gone. */
  async resolve(claims: TokenClaims): Promise<Authenticated | null> {
    // Every authenticated request runs it (a REST bid among them): prepared once per connection, not planned each time.
    const { rows } = await this.pool.query<{ id: string; username: string; role: Role; revoked: boolean }>({
      name: 'auth.resolve-token',
      text: `SELECT u.id, u.username, u.role,
                    EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2) AS revoked
             FROM users u WHERE u.id = $1`,
      values: [claims.sub, claims.jti],
    });
    const row = rows[0];
    if (!row || row.revoked) return null;
    return {
      user: { id: row.id, username: row.username, role: row.role },
      token: { jti: claims.jti, exp: claims.exp },
    };
  }

  /** These users as they are now: name and role (a user who no longer exists is left out). */
  async currentUsers(userIds: readonly string[]): Promise<Map<string, { username: string; role: Role }>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; username: string; role: Role }>(
      'SELECT id, username, role FROM users WHERE id = ANY($1::uuid[])',
      [userIds],
    );
    return new Map(rows.map((row) => [row.id, { username: row.username, role: row.role }]));
  }

  /** Refuses the token from now until it expires; expired entries are pruned on the way. */
  async revoke(token: { jti: string; exp: number }): Promise<void> {
    await this.pool.query(
      `WITH pruned AS (DELETE FROM revoked_tokens WHERE expires_at < now())
       INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2))
       ON CONFLICT (jti) DO NOTHING`,
      [token.jti, token.exp],
    );
  }
}
