import { Injectable } from '@nestjs/common';
import type { Role } from '@auction/contracts';
import { ConflictError } from '@auction/domain';
import { PasswordHasher } from './password-hasher.js';
import type { UserRecord } from './user.record.js';
import { UsersRepository } from './users.repository.js';

export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'Email is already registered';

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
  role?: Role;
}

/** Account operations other modules (auth, seeds, the league) use. Passwords go in plain and are hashed here. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  findById(id: string): Promise<UserRecord | null> {
    return this.users.findById(id);
  }

  findManyByIds(ids: readonly string[]): Promise<UserRecord[]> {
    return this.users.findManyByIds(ids);
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findByEmail(email);
  }

  countUsers(): Promise<number> {
    return this.users.countUsers();
  }

  listAll(): Promise<UserRecord[]> {
    return this.users.listAll();
  }

  /** Throws ConflictError 'Username is already taken' / 'Email is already registered' (case-insensitive). */
  async createUser(input: CreateUserInput): Promise<UserRecord> {
    const email = input.email.trim().toLowerCase();
    await this.assertAvailable({ username: input.username, email });
    return this.users.insert({
      username: input.username,
      email,
      passwordHash: await this.hasher.hash(input.password),
      role: input.role ?? 'user',
    });
  }

  async assertAvailable(
    candidate: { username?: string; email?: string },
    exceptUserId?: string,
  ): Promise<void> {
    const taken = await this.users.findTaken(candidate, exceptUserId);
    if (taken.username) throw new ConflictError(USERNAME_TAKEN);
    if (taken.email) throw new ConflictError(EMAIL_TAKEN);
  }
}
