import type { User } from '@auction/contracts';
import type { AuthUser } from '../../common/auth/index.js';
import type { UserRecord } from '../users/index.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export function toAuthUser(user: UserRecord | User): AuthUser {
  return 'id' in user
    ? { id: user.id, username: user.username, role: user.role }
    : { id: user._id, username: user.username, role: user.role };
}
