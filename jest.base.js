// Shared Jest settings. Every package is native ESM (NestJS 12 ships ESM only), so Jest runs with
// --experimental-vm-modules and @swc/jest strips types while keeping decorator metadata for Nest/TypeORM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @param {{ kind: 'unit' | 'int', environment?: 'node' | 'jsdom' }} options */
export function jestConfig({ kind, environment = 'node' }) {
  return {
    testEnvironment: environment,
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: {
              legacyDecorator: true,
              decoratorMetadata: true,
              useDefineForClassFields: false,
              react: { runtime: 'automatic' },
            },
            target: 'es2022',
          },
          module: { type: 'es6' },
        },
      ],
    },
    moduleNameMapper: {
      '^@auction/(domain|contracts|event-store)$': path.join(root, 'libs/$1/src/index.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: kind === 'int' ? ['<rootDir>/src/**/*.int.spec.ts'] : ['<rootDir>/src/**/*.spec.ts?(x)'],
    testPathIgnorePatterns: kind === 'int' ? ['/node_modules/'] : ['/node_modules/', '\\.int\\.spec\\.ts$'],
    testTimeout: kind === 'int' ? 60_000 : 5_000,
  };
}
