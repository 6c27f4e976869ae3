import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { healthDataSchema, type HealthData } from '@auction/contracts';
import { Public } from '../../../../common/auth/index.js';
import { fail, ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { GetHealthQuery } from './get-health.query.js';

@ApiTags('system')
@Controller('health')
export class GetHealthController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Liveness and dependencies; 503 with success false when PostgreSQL or Redis is down',
  })
  @ZodOkResponse(healthDataSchema, 200, 'Healthy')
  @ZodOkResponse(healthDataSchema, 503, 'Degraded (success is false)')
  async health(
    @Res({ passthrough: true }) response: { status(code: number): unknown },
  ): Promise<ApiEnvelope<HealthData>> {
    const health = await this.queryBus.execute(new GetHealthQuery());
    if (health.status === 'ok') return ok('Service is healthy', health);
    response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return fail('Service is degraded', health);
  }
}
