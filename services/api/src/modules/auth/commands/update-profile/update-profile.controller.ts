import { Body, Controller, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { meDataSchema, updateProfileRequestSchema, type MeData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { RateLimit } from '../../../../common/rate-limit/index.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { TOO_MANY_WRONG_PASSWORDS, updateProfileRateLimit } from './update-profile-rate-limit.js';
import { UpdateProfileCommand } from './update-profile.command.js';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class UpdateProfileController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put('profile')
  @RateLimit(updateProfileRateLimit)
  @ApiOperation({
    summary: "Change the caller's username, email or password (newPassword needs currentPassword)",
  })
  @ZodBody(updateProfileRequestSchema)
  @ZodOkResponse(meDataSchema, 200, 'Profile updated')
  @ErrorResponses(
    [400, 'Validation failed / Current password is incorrect'],
    [401, 'Authentication required / Invalid or expired token'],
    [409, 'Username is already taken / Email is already registered'],
    [429, TOO_MANY_WRONG_PASSWORDS],
  )
  async update(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateProfileRequestSchema))
    body: z.output<typeof updateProfileRequestSchema>,
  ): Promise<ApiEnvelope<MeData>> {
    const updated = await this.commandBus.execute(new UpdateProfileCommand(user.id, body));
    return ok('Profile updated', { user: updated });
  }
}
