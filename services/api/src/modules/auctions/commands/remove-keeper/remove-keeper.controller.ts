import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { keepersDataSchema, playerProviderIdSchema, type Id, type KeepersData } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { RemoveKeeperCommand } from './remove-keeper.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class RemoveKeeperController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Delete(':id/keepers/:playerId')
  @Roles('admin')
  @ApiOperation({
    summary: 'Take a keeper back before the start (admin only)',
    description: 'playerId is the provider id of the kept player.',
  })
  @ZodOkResponse(keepersDataSchema, 200, "The draft's keepers left")
  @ErrorResponses(
    [400, 'Invalid id / playerId must not exceed 64 characters'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found / Keeper not found'],
    [409, 'Keepers can only be changed before the draft starts'],
  )
  async remove(
    @Param('id', ParseIdPipe) draftId: Id,
    @Param('playerId', new ZodValidationPipe(playerProviderIdSchema)) playerId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<KeepersData>> {
    const data = await this.commandBus.execute(new RemoveKeeperCommand(draftId, playerId, user));
    return ok('Keeper removed', data);
  }
}
