import { EMAIL_MAX } from '@auction/domain';
import { UnauthorizedException } from '@nestjs/common';
import { clientNetwork, type RateLimitRule } from '../../../../common/rate-limit/index.js';

export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts. Please try again later.';

/**
 * 10 failed attempts a minute per (client address, email), then every attempt on that pair is refused until the
 * minute is over, even with the right password. An IPv6 address counts by its /64 (clientNetwork): one client holds
 * a whole /64, and counting single addresses let it guess without limit from a fresh one each time. Password guessing on one account from one address is slowed,
 * while the account's owner elsewhere, other people behind the same address, and repeated successful sign-ins
 * (several tabs, test suites) are not limited.
 */
export const loginRateLimit: RateLimitRule = {
  name: 'login',
  limit: 10,
  windowMs: 60_000,
  key: (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const normalised = typeof email === 'string' ? email.trim().toLowerCase().slice(0, EMAIL_MAX) : '';
    return `${clientNetwork(request.ip)}|${normalised}`;
  },
  countWhen: (outcome) => !outcome.ok && outcome.error instanceof UnauthorizedException,
  message: TOO_MANY_LOGIN_ATTEMPTS,
};
