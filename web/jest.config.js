import { jestConfig } from '../jest.base.js';

const base = jestConfig({ kind: 'unit', environment: 'jsdom' });

export default {
  ...base,
  displayName: 'web',
  // jsdom plus the fetch and encoding APIs it lacks (see the file).
  testEnvironment: '<rootDir>/jest.environment.js',
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  // Beside the app's specs: the lint rule that keeps features apart and the bytes-per-route report's helpers.
  testMatch: [...base.testMatch, '<rootDir>/{eslint,scripts}/**/*.spec.mjs'],
  moduleNameMapper: {
    '\\.(css|svg|png|jpe?g|webp)$': '<rootDir>/src/test/style-stub.ts',
    ...base.moduleNameMapper,
  },
};
