import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@auction/contracts';
import type { AuthUser, AuthenticatedRequest } from './auth-user.js';

export const IS_PUBLIC_KEY = 'auth:isPublic';
export const ROLES_KEY = 'auth:roles';

/** Opens a route (or a whole controller) to anonymous callers. Every other route needs a valid token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);

/** Restricts a route (or controller) to the given roles: `@Roles('admin')`. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

/** The authenticated caller. Only on non-public routes, where JwtAuthGuard guarantees it is set. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.user) throw new Error('@CurrentUser() used on a route without authentication');
  return request.user;
});
