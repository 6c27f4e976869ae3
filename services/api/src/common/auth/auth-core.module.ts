import { createSecretKey, type KeyObject } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { RolesGuard } from './roles.guard.js';
import { TokenService } from './token.service.js';

/**
 * Token issuing/checking and the two global guards, in this order: JwtAuthGuard (who is calling), then
 * RolesGuard (may they). Global, so every module (and the socket gateway) can inject TokenService.
 */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: AppConfig) => ({
        // A KeyObject built once: given the text, jsonwebtoken builds one on every sign and verify, which was most
        // of a verify's cost (1.2 ms of 1.3 ms; 4,800 sockets authenticating at once). jwt-verify.bench.ts.
        secret: hmacKey(config.jwt.secret),
        signOptions: {
          algorithm: 'HS256',
          // A plain number of seconds or a duration like 7d (validated in config.ts).
          expiresIn: (/^\d+$/.test(config.jwt.expiresIn)
            ? Number(config.jwt.expiresIn)
            : config.jwt.expiresIn.replace(/\s+/g, '')) as number,
        },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [
    TokenService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [TokenService],
})
export class AuthCoreModule {}

/** The HS256 key of our tokens, as the KeyObject jsonwebtoken uses as it is. */
export function hmacKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}
