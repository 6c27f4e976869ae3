import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import {
  assignPlayerRequestSchema,
  draftPickRequestSchema,
  pickDataSchema,
  type Id,
  type PickData,
} from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { AssignPlayerCommand } from './assign-player.command.js';

const ERRORS: Array<[number, string]> = [
  [
    400,
    'Invalid id / Team is required / playerId is required / Cost must be at least $1 / Team is not in this draft',
  ],
  [401, 'Authentication required / Invalid or expired token'],
  [403, 'Access denied. Admin role required.'],
  [404, 'Player not found / Draft not found'],
  [
    409,
    'The draft has not started / Player has already been drafted / Player is up for auction / ' +
      'Team roster is full / Insufficient budget ($N remaining) / ' +
      'The team could no longer pay its high bid in the running auction / ' +
      '{team} now plays in draft "{draft}", so this draft cannot reopen / ' +
      'A team of this draft has been deleted, so this draft cannot reopen',
  ],
];

const assigned = (pick: PickData['pick']) =>
  `Assigned ${pick.playerName} to ${pick.teamId.name} for $${pick.cost}`;

/** POST /players/assign {playerId (provider id), teamId, cost, draftId}: docs/product.md §7.4 (Players). */
@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class AssignPlayerController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post('assign')
  @HttpCode(HttpStatus.CREATED)
  @Roles('admin')
  @ApiOperation({
    summary: 'Assign a player to a team of a draft at a cost (admin correction)',
    description:
      'For a started draft (active, paused or completed): a player not drafted in it and not up for auction, to ' +
      'a team of the draft with room, at a cost of at least $1 and at most its remaining budget. It becomes the ' +
      'next pick (source `admin`).',
  })
  @ZodBody(
    assignPlayerRequestSchema,
    'Admin correction: gives a player to a team at a cost, outside any auction',
  )
  @ZodOkResponse(pickDataSchema, 201, 'The new pick')
  @ErrorResponses(...ERRORS)
  async assign(
    @Body(new ZodValidationPipe(assignPlayerRequestSchema)) body: z.output<typeof assignPlayerRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PickData>> {
    const pick = await this.commandBus.execute(
      new AssignPlayerCommand(body.draftId, body.playerId, body.teamId, body.cost, user),
    );
    return ok(assigned(pick), { pick });
  }
}

/**
 * POST /drafts/{id}/pick (docs/product.md §7.6 (Auctions and picks)): the same correction, the draft named by the
 * path.
 */
@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class MakePickController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/pick')
  @HttpCode(HttpStatus.CREATED)
  @Roles('admin')
  @ApiOperation({
    summary: 'Record a pick in this draft: a player to a team at a cost (admin correction)',
    description:
      'For a started draft (active, paused or completed): a player not drafted in it and not up for auction, to ' +
      'a team of the draft with room, at a cost of at least $1 and at most its remaining budget. It becomes the ' +
      'next pick (source `admin`).',
  })
  @ZodBody(draftPickRequestSchema, 'Admin correction: records a pick (player by provider id, team, cost)')
  @ZodOkResponse(pickDataSchema, 201, 'The new pick')
  @ErrorResponses(...ERRORS)
  async pick(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(draftPickRequestSchema)) body: z.output<typeof draftPickRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PickData>> {
    const pick = await this.commandBus.execute(
      new AssignPlayerCommand(draftId, body.playerId, body.teamId, body.cost, user),
    );
    return ok(assigned(pick), { pick });
  }
}
