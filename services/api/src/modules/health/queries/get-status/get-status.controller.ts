import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { statusDataSchema, type StatusData } from '@auction/contracts';
import { Public } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { GetStatusQuery } from './get-status.query.js';

@ApiTags('system')
@Controller('status')
export class GetStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Version, uptime, counts and the event log position' })
  @ZodOkResponse(statusDataSchema)
  async status(): Promise<ApiEnvelope<StatusData>> {
    return ok('Status retrieved', await this.queryBus.execute(new GetStatusQuery()));
  }
}
