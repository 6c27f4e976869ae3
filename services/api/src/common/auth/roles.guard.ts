import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@auction/contracts';
import { ROLES_KEY } from './auth.decorators.js';
import type { AuthenticatedRequest } from './auth-user.js';

export const ADMIN_REQUIRED = 'Access denied. Admin role required.';

/** Global guard after JwtAuthGuard: enforces `@Roles(...)`. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const { user } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (user && roles.includes(user.role)) return true;
    throw new ForbiddenException(
      roles.includes('admin') ? ADMIN_REQUIRED : `Access denied. Requires role: ${roles.join(' or ')}.`,
    );
  }
}
