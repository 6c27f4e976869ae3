import { Controller, HttpCode, HttpStatus, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerSyncResultSchema, type PlayerSyncResult } from '@auction/contracts';
import type { Response } from 'express';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { fail, ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import {
  PLAYER_SYNC_WAIT_MS,
  SYNC_ALREADY_RUNNING,
  SYNC_COMPLETED,
  SYNC_STILL_RUNNING,
  SYNC_UNAVAILABLE,
  syncFailed,
} from '../../job/player-sync.constants.js';
import { SyncPlayersCommand } from './sync-players.command.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class SyncPlayersController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post('sync')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ApiOperation({
    summary: 'Sync the player pool from the configured provider (admin only)',
    description:
      `Runs a background job (BullMQ) and waits up to ${PLAYER_SYNC_WAIT_MS / 1000} s for it. Progress goes to ` +
      'admin sockets as `playerSyncProgress`. `updatedPlayers` counts every player written (new or refreshed), `inserted` the new ones. ' +
      'Draft state (cost, drafted flags) is never touched.',
  })
  @ZodOkResponse(playerSyncResultSchema, 200, `${SYNC_COMPLETED} (status "completed")`)
  @ZodOkResponse(playerSyncResultSchema, 202, `${SYNC_STILL_RUNNING} (status "running", with the job id)`)
  @ErrorResponses(
    [401, 'Authentication required'],
    [403, 'Access denied. Admin role required.'],
    [409, SYNC_ALREADY_RUNNING],
    [502, 'Player sync failed: <reason> (the provider failed or sent malformed data; the pool is unchanged)'],
    [503, `${SYNC_UNAVAILABLE} (Redis is down or does not answer; nothing was queued)`],
  )
  async sync(
    @CurrentUser() admin: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ApiEnvelope<PlayerSyncResult | null>> {
    const outcome = await this.commandBus.execute(new SyncPlayersCommand(admin));
    switch (outcome.status) {
      case 'completed':
        return ok(SYNC_COMPLETED, outcome.result);
      case 'running':
        response.status(HttpStatus.ACCEPTED);
        return ok(SYNC_STILL_RUNNING, outcome.result);
      case 'failed':
        // An upstream failure, answered here rather than thrown: the exception filter hides 5xx messages.
        response.status(HttpStatus.BAD_GATEWAY);
        return fail(syncFailed(outcome.reason));
      case 'unavailable':
        response.status(HttpStatus.SERVICE_UNAVAILABLE);
        return fail(SYNC_UNAVAILABLE);
    }
  }
}
