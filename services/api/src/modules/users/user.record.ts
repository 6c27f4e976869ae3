import type { Role, User } from '@auction/contracts';

/** A users row. The hash never leaves the server: `toUserDto` is the only way out. */
export interface UserRecord {
  id: string;
  username: string;
  email: string;
  role: Role;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The wire shape of contracts' `User`. */
export function toUserDto(user: UserRecord): User {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}
