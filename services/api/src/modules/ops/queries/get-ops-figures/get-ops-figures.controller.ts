import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { opsFiguresSchema, type OpsFiguresData } from '@auction/contracts';
import { Roles } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { GetOpsFiguresQuery } from './get-ops-figures.query.js';

@ApiTags('ops')
@ApiBearerAuth()
@Controller('ops')
export class GetOpsFiguresController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('figures')
  @Roles('admin')
  @ApiOperation({
    summary: 'Ops figures from the Kafka ops consumer (admin only)',
    description:
      'Active drafts, bids per minute (with the last 30 minutes as a series), average auction length, the share of ' +
      "bids placed in the last 3 s, relay lag and consumer lag, read from the ops consumer's tables. Without Kafka " +
      '(`KAFKA_BROKERS` unset) or without a running consumer the counts are 0, the lags null, and `kafkaEnabled` / ' +
      '`consumerRunning` say why. Admin sockets also receive these figures as `opsFigures` every few seconds.',
  })
  @ZodOkResponse(opsFiguresSchema)
  @ErrorResponses([401, 'Authentication required'], [403, 'Access denied. Admin role required.'])
  async figures(): Promise<ApiEnvelope<OpsFiguresData>> {
    return ok('Ops figures retrieved', await this.queryBus.execute(new GetOpsFiguresQuery()));
  }
}
