import { jestConfig } from '../../jest.base.js';

const base = jestConfig({ kind: 'unit' });

export default {
  ...base,
  // Beside the app's specs: the lint rule that keeps modules behind their public index.js.
  testMatch: [...base.testMatch, '<rootDir>/eslint/**/*.spec.mjs'],
};
