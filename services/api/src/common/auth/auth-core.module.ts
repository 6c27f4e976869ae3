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
        secret: config.jwt.secret,
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
