import { ValidationError } from '@auction/domain';
import type { RateLimitRule } from '../../../../common/rate-limit/index.js';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong current passwords. Please try again later.';

/**
 * 10 wrong current passwords a minute per account, then every profile change of that account is refused until the
 * minute is over, as login does for (address, email). Whoever holds a session (a borrowed laptop, a stolen token)
 * could otherwise guess the account's password here without limit, and with it the account itself and any other
 * site where the password is reused.
 */
export const updateProfileRateLimit: RateLimitRule = {
  name: 'profile-password',
  limit: 10,
  windowMs: 60_000,
  key: (request) => request.user?.id ?? 'unknown',
  countWhen: (outcome) =>
    !outcome.ok &&
    outcome.error instanceof ValidationError &&
    outcome.error.message === WRONG_CURRENT_PASSWORD,
  message: TOO_MANY_WRONG_PASSWORDS,
};
