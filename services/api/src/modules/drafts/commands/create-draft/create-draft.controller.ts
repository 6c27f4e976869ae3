import { Body, Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createDraftRequestSchema, draftDataSchema, type DraftData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { CreateDraftCommand } from './create-draft.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class CreateDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Create a draft (admin only)',
    description:
      'Settings left out take the defaults. The draft starts in `created` status, with no teams. The least budget ' +
      'per team ($P below) is $1 for each of the playersPerTeam slots.',
  })
  @ZodBody(createDraftRequestSchema)
  @ZodOkResponse(draftDataSchema, 201, 'Draft created successfully')
  @ErrorResponses(
    [
      400,
      'Draft name is required / Draft name must not exceed 100 characters / ' +
        'Draft name cannot contain control characters / Teams count must be between 1 and 12 / ' +
        'Budget per team must be a whole number between $P and $10000 (each player costs at least $1) / ' +
        'Only auction drafts are supported',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
  )
  async createDraft(
    @Body(new ZodValidationPipe(createDraftRequestSchema)) body: z.output<typeof createDraftRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new CreateDraftCommand(body.name, body.settings, user));
    return ok('Draft created successfully', { draft });
  }
}
