import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CONFIG, type AppConfig } from './config.js';

/** Makes the validated AppConfig injectable as CONFIG. The config is passed in, never read from process.env here. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: CONFIG, useValue: config }], exports: [CONFIG] };
  }
}
