import { BadRequestException, UnauthorizedException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { loginRateLimit } from './login-rate-limit.js';

describe('loginRateLimit', () => {
  it('counts per client address and normalised email', () => {
    const key = (ip: string | undefined, body: unknown) => loginRateLimit.key({ ip, body, headers: {} });
    expect(key('10.0.0.1', { email: ' Ann@Example.com ' })).toBe('10.0.0.1|ann@example.com');
    expect(key('10.0.0.1', { email: 'ann@example.com' })).not.toBe(
      key('10.0.0.2', { email: 'ann@example.com' }),
    );
    expect(key(undefined, undefined)).toBe('unknown|');
    // One client has a whole IPv6 /64: a fresh address from it is the same client.
    expect(key('2001:db8:7:8::1', { email: 'ann@example.com' })).toBe(
      key('2001:db8:7:8:dead:beef:0:2', { email: 'ann@example.com' }),
    );
    expect(key('10.0.0.1', { email: 42 })).toBe('10.0.0.1|');
  });

  it('allows 10 failed attempts a minute, counting only wrong credentials', () => {
    expect(loginRateLimit).toMatchObject({ limit: 10, windowMs: 60_000 });
    const failed = (error: unknown) => loginRateLimit.countWhen?.({ ok: false, error });
    expect(failed(new UnauthorizedException('Invalid email or password'))).toBe(true);
    expect(failed(new BadRequestException('Email is required'))).toBe(false);
    expect(loginRateLimit.countWhen?.({ ok: true })).toBe(false);
  });
});
