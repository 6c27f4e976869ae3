export type { AuthUser, AuthenticatedRequest } from './auth-user.js';
export { Public, Roles, CurrentUser, IS_PUBLIC_KEY, ROLES_KEY } from './auth.decorators.js';
export { JwtAuthGuard, AUTHENTICATION_REQUIRED, INVALID_TOKEN, bearerToken } from './jwt-auth.guard.js';
export { RolesGuard, ADMIN_REQUIRED } from './roles.guard.js';
export { TokenService, type TokenClaims, type Authenticated } from './token.service.js';
export { AuthCoreModule } from './auth-core.module.js';
