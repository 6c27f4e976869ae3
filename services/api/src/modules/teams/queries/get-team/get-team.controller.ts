import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { teamDataSchema, type Id, type TeamData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetTeamQuery } from './get-team.query.js';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class GetTeamController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id')
  @ApiOperation({ summary: 'One team with its owner, roster and budget in its current draft' })
  @ZodOkResponse(teamDataSchema)
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Team not found'],
  )
  async getTeam(@Param('id', ParseIdPipe) teamId: Id): Promise<ApiEnvelope<TeamData>> {
    const team = await this.queryBus.execute(new GetTeamQuery(teamId));
    return ok('Team retrieved successfully', { team });
  }
}
