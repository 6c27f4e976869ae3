import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { authDataSchema, registerRequestSchema, type AuthData } from '@auction/contracts';
import type { z } from 'zod';
import { Public } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { RateLimit } from '../../../../common/rate-limit/index.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import {
  registerAttemptsRateLimit,
  registerRateLimit,
  TOO_MANY_REGISTRATION_ATTEMPTS,
  TOO_MANY_REGISTRATIONS,
} from './register-rate-limit.js';
import { RegisterCommand } from './register.command.js';

@ApiTags('auth')
@Controller('auth')
export class RegisterController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('register')
  @Public()
  @RateLimit(registerAttemptsRateLimit, registerRateLimit)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Create an account (role user) and sign in' })
  @ZodBody(registerRequestSchema)
  @ZodOkResponse(authDataSchema, 201, 'Registration successful')
  @ErrorResponses(
    [400, 'Validation failed (the first rule broken)'],
    [409, 'Username is already taken / Email is already registered'],
    [429, `${TOO_MANY_REGISTRATIONS} / ${TOO_MANY_REGISTRATION_ATTEMPTS}`],
  )
  async register(
    @Body(new ZodValidationPipe(registerRequestSchema)) body: z.output<typeof registerRequestSchema>,
  ): Promise<ApiEnvelope<AuthData>> {
    const data = await this.commandBus.execute(new RegisterCommand(body.username, body.email, body.password));
    return ok('Registration successful', data);
  }
}
