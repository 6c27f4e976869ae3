import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { keeperRequestSchema, keepersDataSchema, type Id, type KeepersData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { AddKeeperCommand } from './add-keeper.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class AddKeeperController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/keepers')
  @HttpCode(HttpStatus.CREATED)
  @Roles('admin')
  @ZodBody(
    keeperRequestSchema,
    'Before the start: the team keeps a player at a cost; he joins its roster as a keeper pick and its budget and open slots shrink',
  )
  @ZodOkResponse(keepersDataSchema, 201, "The draft's keepers")
  @ErrorResponses(
    [400, 'Invalid body, cost under $1, or not a team of this draft'],
    [401, 'No or invalid token'],
    [403, 'Admins only'],
    [404, 'Draft or player not found'],
    [409, 'Draft started, player already kept, roster full, cost over the max bid'],
  )
  async add(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(keeperRequestSchema)) body: z.output<typeof keeperRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<KeepersData>> {
    const { data, added } = await this.commandBus.execute(
      new AddKeeperCommand(draftId, body.teamId, body.playerId, body.cost, user),
    );
    return ok(`Keeper added: ${added.playerName} for $${added.cost}`, data);
  }
}
