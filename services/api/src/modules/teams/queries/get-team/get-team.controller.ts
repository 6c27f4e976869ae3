import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Id, TeamData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetTeamQuery } from './get-team.query.js';

@Controller('teams')
export class GetTeamController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id')
  async getTeam(@Param('id', ParseIdPipe) teamId: Id): Promise<ApiEnvelope<TeamData>> {
    const team = await this.queryBus.execute(new GetTeamQuery(teamId));
    return ok('Team retrieved successfully', { team });
  }
}
