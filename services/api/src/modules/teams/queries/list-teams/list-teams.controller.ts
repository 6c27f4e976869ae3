import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { teamsDataSchema, type TeamsData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ListTeamsQuery } from './list-teams.query.js';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class ListTeamsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'All teams, by team number',
    description:
      'Each team with its owner, and its roster, budget and open slots in its current draft (`draftId`: its ' +
      'latest draft that is not deleted; null when it has none).',
  })
  @ZodOkResponse(teamsDataSchema)
  @ErrorResponses([401, 'Authentication required / Invalid or expired token'])
  async listTeams(): Promise<ApiEnvelope<TeamsData>> {
    const teams = await this.queryBus.execute(new ListTeamsQuery());
    return ok('Teams retrieved successfully', { teams });
  }
}
