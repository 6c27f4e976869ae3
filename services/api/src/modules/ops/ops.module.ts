import { Module } from '@nestjs/common';
import { OpsFiguresBroadcaster } from './ops-figures.broadcaster.js';
import { GetOpsFiguresController } from './queries/get-ops-figures/get-ops-figures.controller.js';
import { GetOpsFiguresHandler } from './queries/get-ops-figures/get-ops-figures.handler.js';

/** The admin ops page's figures (issue 5 item 7): REST read and the live `opsFigures` push. */
@Module({
  controllers: [GetOpsFiguresController],
  providers: [GetOpsFiguresHandler, OpsFiguresBroadcaster],
})
export class OpsModule {}
