import { Body, Controller, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createTeamRequestSchema, teamDataSchema, type TeamData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { CreateTeamCommand } from './create-team.command.js';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class CreateTeamController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Create a team (admin only)',
    description:
      'Names are unique among live teams, compared without invisible (default-ignorable) characters, ' +
      'NFKC-normalised, in lower case and trimmed (ADR 0013). Team ' +
      'numbers are unique within a draft, not league-wide: the draft checks them when teams are assigned.',
  })
  @ZodBody(createTeamRequestSchema)
  @ZodOkResponse(teamDataSchema, 201, 'Team created successfully')
  @ErrorResponses(
    [
      400,
      'Team name is required / Team name must not exceed 50 characters / ' +
        'Team name cannot contain control characters / Team number must be between 1 and 12',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [409, 'A team named "{name}" already exists'],
  )
  async createTeam(
    @Body(new ZodValidationPipe(createTeamRequestSchema)) body: z.output<typeof createTeamRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<TeamData>> {
    const team = await this.commandBus.execute(new CreateTeamCommand(body.name, body.teamNumber, user));
    return ok('Team created successfully', { team });
  }
}
