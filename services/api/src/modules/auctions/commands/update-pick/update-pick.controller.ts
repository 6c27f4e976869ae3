import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { pickDataSchema, updatePickRequestSchema, type Id, type PickData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdatePickCommand } from './update-pick.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class UpdatePickController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id/picks/:pickId')
  @Roles('admin')
  @ZodBody(
    updatePickRequestSchema,
    "Admin correction; pickNumber, when sent, must still be the pick's number",
  )
  @ZodOkResponse(pickDataSchema, 200, 'The pick after the change; everyone in the room gets pickUpdated')
  @ErrorResponses(
    [400, 'Invalid body'],
    [401, 'No or invalid token'],
    [403, 'Admins only'],
    [404, 'Draft, pick or player not found'],
    [409, 'Pick renumbered since, player drafted, roster full, insufficient budget'],
  )
  async update(
    @Param('id', ParseIdPipe) draftId: Id,
    @Param('pickId', ParseIdPipe) pickId: Id,
    @Body(new ZodValidationPipe(updatePickRequestSchema)) body: z.output<typeof updatePickRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PickData>> {
    const pick = await this.commandBus.execute(new UpdatePickCommand(draftId, pickId, body, user));
    return ok('Pick updated successfully', { pick });
  }
}
