import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
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
  @ZodOkResponse(keepersDataSchema, 200, "The draft's keepers left")
  @ErrorResponses(
    [401, 'No or invalid token'],
    [403, 'Admins only'],
    [404, 'Draft or keeper not found'],
    [409, 'Draft started'],
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
