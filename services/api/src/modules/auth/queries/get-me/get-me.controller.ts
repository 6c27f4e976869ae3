import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { meDataSchema, type MeData } from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { GetMeQuery } from './get-me.query.js';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class GetMeController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user' })
  @ZodOkResponse(meDataSchema)
  @ErrorResponses([401, 'Authentication required / Invalid or expired token'])
  async me(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<MeData>> {
    return ok('User retrieved', { user: await this.queryBus.execute(new GetMeQuery(user.id)) });
  }
}
