import { Body, Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createDraftRequestSchema, type DraftData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodBody } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { CreateDraftCommand } from './create-draft.command.js';

@Controller('drafts')
export class CreateDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post()
  @Roles('admin')
  @ZodBody(createDraftRequestSchema)
  async createDraft(
    @Body(new ZodValidationPipe(createDraftRequestSchema)) body: z.output<typeof createDraftRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new CreateDraftCommand(body.name, body.settings, user));
    return ok('Draft created successfully', { draft });
  }
}
