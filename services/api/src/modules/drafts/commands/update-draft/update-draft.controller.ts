import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { updateDraftRequestSchema, type DraftData, type Id } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodBody } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdateDraftCommand } from './update-draft.command.js';

@Controller('drafts')
export class UpdateDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id')
  @Roles('admin')
  @ZodBody(updateDraftRequestSchema)
  async updateDraft(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(updateDraftRequestSchema)) body: z.output<typeof updateDraftRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new UpdateDraftCommand(draftId, body, user));
    return ok('Draft updated successfully', { draft });
  }
}
