import { createLogger } from '@auction/kafka';
import { readOpsConfig, type OpsConfig } from './ops-config.js';
import { OpsService } from './ops-service.js';

const logger = createLogger('ops');

async function main(): Promise<void> {
  let config: OpsConfig;
  try {
    config = readOpsConfig(process.env);
  } catch (error) {
    logger.error(`invalid configuration: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const brokers = config.kafka.brokers;
  if (!brokers) {
    logger.info('ops consumer disabled: KAFKA_BROKERS is not set');
    return;
  }
  const service = new OpsService({ ...config, kafka: { ...config.kafka, brokers } }, logger);
  const port = await service.start();
  logger.info(
    {
      topic: config.kafka.topic,
      groupId: config.groupId,
      figures: `http://${config.host}:${port}/ops/figures`,
    },
    'ops consumer running',
  );
  const stop = () => {
    logger.info('ops consumer stopping');
    service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  logger.fatal({ err: error }, 'ops consumer crashed');
  process.exit(1);
});
