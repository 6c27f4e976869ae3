import type { Role } from '@auction/contracts';

/** The authenticated caller, as guards put it on the request and `@CurrentUser()` hands it to handlers. */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
}

/** What a request carries once JwtAuthGuard has run. */
export interface AuthenticatedRequest {
  user?: AuthUser;
  /** The verified token's id and expiry (seconds since epoch), used by logout. */
  token?: { jti: string; exp: number };
}
