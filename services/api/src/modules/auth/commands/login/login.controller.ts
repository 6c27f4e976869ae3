import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { authDataSchema, loginRequestSchema, type AuthData } from '@auction/contracts';
import type { z } from 'zod';
import { Public } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { RateLimit } from '../../../../common/rate-limit/index.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { loginRateLimit } from './login-rate-limit.js';
import { LoginCommand } from './login.command.js';

@ApiTags('auth')
@Controller('auth')
export class LoginController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('login')
  @Public()
  @RateLimit(loginRateLimit)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with email and password; answers the user and a bearer token' })
  @ZodBody(loginRequestSchema)
  @ZodOkResponse(authDataSchema, 200, 'Login successful')
  @ErrorResponses(
    [400, 'Validation failed'],
    [401, 'Invalid email or password'],
    [429, 'Too many login attempts. Please try again later.'],
  )
  async login(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: z.output<typeof loginRequestSchema>,
  ): Promise<ApiEnvelope<AuthData>> {
    const data = await this.commandBus.execute(new LoginCommand(body.email, body.password));
    return ok('Login successful', data);
  }
}
