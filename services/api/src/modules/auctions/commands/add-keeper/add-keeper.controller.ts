import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({ summary: 'Give a team of the draft a keeper before the start (admin only)' })
  @ZodBody(
    keeperRequestSchema,
    'Before the start: the team keeps a player at a cost; he joins its roster as a keeper pick and its budget ' +
      'and open slots shrink',
  )
  @ZodOkResponse(keepersDataSchema, 201, "The draft's keepers")
  @ErrorResponses(
    [
      400,
      'Invalid id / Team is required / playerId is required / Keeper cost must be at least $1 / ' +
        'Team is not in this draft',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Player not found / Draft not found'],
    [
      409,
      'Keepers can only be changed before the draft starts / Player is already kept in this draft / ' +
        "Team roster is full / Keeper cost exceeds the team's max bid of $N",
    ],
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
