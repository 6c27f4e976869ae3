import { Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { AuthenticatedRequest } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { LogoutCommand } from './logout.command.js';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class LogoutController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Revoke the current token' })
  @ZodOkResponse(z.null(), 200, 'Logout successful')
  @ErrorResponses([401, 'Authentication required / Invalid or expired token'])
  async logout(@Req() request: AuthenticatedRequest): Promise<ApiEnvelope<null>> {
    await this.commandBus.execute(new LogoutCommand(request.token!));
    return ok('Logout successful', null);
  }
}
