import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC_KEY } from './auth.decorators.js';
import type { AuthenticatedRequest } from './auth-user.js';
import { TokenService } from './token.service.js';

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const INVALID_TOKEN = 'Invalid or expired token';

/** Global guard: every HTTP route needs `Authorization: Bearer <token>` unless marked `@Public()`. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Sockets authenticate with their own `authenticate` event (see the gateway).
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;

    const request = context
      .switchToHttp()
      .getRequest<AuthenticatedRequest & { headers: Record<string, unknown> }>();
    const token = bearerToken(request.headers['authorization']);
    if (!token) throw new UnauthorizedException(AUTHENTICATION_REQUIRED);
    const authenticated = await this.tokens.authenticate(token);
    if (!authenticated) throw new UnauthorizedException(INVALID_TOKEN);
    request.user = authenticated.user;
    request.token = authenticated.token;
    return true;
  }
}

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
