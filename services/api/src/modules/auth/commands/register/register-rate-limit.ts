import type { AppConfig } from '../../../../config/config.js';
import { clientNetwork, type RateLimitRule } from '../../../../common/rate-limit/index.js';

export const TOO_MANY_REGISTRATIONS =
  'Too many accounts have been created from your network. Please try again later.';
export const TOO_MANY_REGISTRATION_ATTEMPTS =
  'Too many registration attempts from your network. Please try again later.';

/** Registration attempts per account allowed (registerAttemptsRateLimit). */
export const REGISTER_ATTEMPTS_PER_ACCOUNT = 10;

/**
 * REGISTER_RATE_LIMIT accounts (default 20) per REGISTER_RATE_WINDOW_MS (default an hour) per client address (an
 * IPv6 /64); the one that fills the window refuses the address's next registrations for a window. Only accounts
 * created count (a taken name or a typo costs nothing, and costs the server no password hash), and a registration
 * holds its place while it runs, so a burst cannot create more than the limit. A league of 12 signing up from one
 * bar's Wi-Fi on draft night fits with room to spare; a script gets 20 accounts an hour per address, not thousands.
 */
export const registerRateLimit = (config: AppConfig): RateLimitRule => ({
  name: 'register',
  limit: config.registerRateLimit.accounts,
  windowMs: config.registerRateLimit.windowMs,
  key: (request) => clientNetwork(request.ip),
  countWhen: (outcome) => outcome.ok,
  message: TOO_MANY_REGISTRATIONS,
});

/**
 * Every registration attempt counts too, up to ten per account allowed (200 an hour by default): each `Email is
 * already registered` tells whether an address has an account, so probing addresses from one network is bounded,
 * while ten tries per account leave room for typos and taken names.
 */
export const registerAttemptsRateLimit = (config: AppConfig): RateLimitRule => ({
  name: 'register-attempts',
  limit: config.registerRateLimit.accounts * REGISTER_ATTEMPTS_PER_ACCOUNT,
  windowMs: config.registerRateLimit.windowMs,
  key: (request) => clientNetwork(request.ip),
  message: TOO_MANY_REGISTRATION_ATTEMPTS,
});
