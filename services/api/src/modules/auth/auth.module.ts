import { Module } from '@nestjs/common';
import { UsersModule } from '../users/index.js';
import { LoginController } from './commands/login/login.controller.js';
import { LoginHandler } from './commands/login/login.handler.js';
import { LogoutController } from './commands/logout/logout.controller.js';
import { LogoutHandler } from './commands/logout/logout.handler.js';
import { RegisterController } from './commands/register/register.controller.js';
import { RegisterHandler } from './commands/register/register.handler.js';
import { UpdateProfileController } from './commands/update-profile/update-profile.controller.js';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { GetMeController } from './queries/get-me/get-me.controller.js';
import { GetMeHandler } from './queries/get-me/get-me.handler.js';

@Module({
  imports: [UsersModule],
  controllers: [
    RegisterController,
    LoginController,
    LogoutController,
    UpdateProfileController,
    GetMeController,
  ],
  providers: [RegisterHandler, LoginHandler, LogoutHandler, UpdateProfileHandler, GetMeHandler],
})
export class AuthModule {}
