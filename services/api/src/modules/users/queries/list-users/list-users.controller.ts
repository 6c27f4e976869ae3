import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { usersDataSchema, type UsersData } from '@auction/contracts';
import { Roles } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ListUsersQuery } from './list-users.query.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class ListUsersController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'All users, sorted by username (admin only)' })
  @ZodOkResponse(usersDataSchema)
  @ErrorResponses([401, 'Authentication required'], [403, 'Access denied. Admin role required.'])
  async list(): Promise<ApiEnvelope<UsersData>> {
    const users = await this.queryBus.execute(new ListUsersQuery());
    return ok('Users retrieved', { users });
  }
}
