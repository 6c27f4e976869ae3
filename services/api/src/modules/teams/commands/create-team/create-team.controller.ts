import { Body, Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createTeamRequestSchema, type TeamData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodBody } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { CreateTeamCommand } from './create-team.command.js';

@Controller('teams')
export class CreateTeamController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post()
  @Roles('admin')
  @ZodBody(createTeamRequestSchema)
  async createTeam(
    @Body(new ZodValidationPipe(createTeamRequestSchema)) body: z.output<typeof createTeamRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<TeamData>> {
    const team = await this.commandBus.execute(new CreateTeamCommand(body.name, body.teamNumber, user));
    return ok('Team created successfully', { team });
  }
}
