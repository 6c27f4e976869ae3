import { describe, expect, it } from '@jest/globals';
import { readKafkaSettings } from './kafka-settings.js';

describe('readKafkaSettings', () => {
  it('leaves Kafka off when KAFKA_BROKERS is unset or blank', () => {
    expect(readKafkaSettings({}, 'relay')).toEqual({
      brokers: null,
      topic: 'draft-events',
      clientId: 'relay',
      idempotent: true,
    });
    expect(readKafkaSettings({ KAFKA_BROKERS: '  ' }, 'relay').brokers).toBeNull();
  });

  it('splits a broker list and takes the topic and client id', () => {
    expect(
      readKafkaSettings(
        { KAFKA_BROKERS: 'kafka:9092, 10.0.0.2:9093', KAFKA_TOPIC: 'ops.events', KAFKA_CLIENT_ID: 'x' },
        'relay',
      ),
    ).toEqual({
      brokers: ['kafka:9092', '10.0.0.2:9093'],
      topic: 'ops.events',
      clientId: 'x',
      idempotent: true,
    });
  });

  it('names the bad value', () => {
    expect(() => readKafkaSettings({ KAFKA_BROKERS: 'kafka' }, 'r')).toThrow(/KAFKA_BROKERS.*"kafka"/);
    expect(() => readKafkaSettings({ KAFKA_BROKERS: 'k:1', KAFKA_TOPIC: 'a b' }, 'r')).toThrow(/KAFKA_TOPIC/);
    expect(() => readKafkaSettings({ KAFKA_IDEMPOTENT: 'yes' }, 'r')).toThrow(/KAFKA_IDEMPOTENT/);
    expect(readKafkaSettings({ KAFKA_IDEMPOTENT: 'FALSE' }, 'r').idempotent).toBe(false);
  });
});
