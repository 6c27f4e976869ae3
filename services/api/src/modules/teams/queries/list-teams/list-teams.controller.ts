import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TeamsData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ListTeamsQuery } from './list-teams.query.js';

@Controller('teams')
export class ListTeamsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  async listTeams(): Promise<ApiEnvelope<TeamsData>> {
    const teams = await this.queryBus.execute(new ListTeamsQuery());
    return ok('Teams retrieved successfully', { teams });
  }
}
