import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { webFeatureBoundaries } from './web/eslint/feature-boundaries.js';
import { apiModuleBoundaries } from './services/api/eslint/module-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // The domain is pure: it may depend on nothing but itself.
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [] },
            // Wire schemas take their limits from the domain's rules, so each limit is defined once.
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'] },
            // Helpers the services' tests share (reading /metrics); they depend on nothing of ours.
            { sourceTag: 'type:test-util', onlyDependOnLibsWithTags: [] },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:domain',
                'type:contracts',
                'type:data-access',
                'type:test-util',
              ],
            },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared', 'scope:web'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
          ],
        },
      ],
    },
  },
  {
    // No framework, no I/O in the domain: it is folded for replay and tested without a database.
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nestjs/*',
                'typeorm',
                'pg',
                'ioredis',
                'bullmq',
                'kafkajs',
                'socket.io*',
                'react*',
                'node:*',
                'fs',
                'http',
                'net',
                'zod',
              ],
              message: 'libs/domain is pure TypeScript: no framework, no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // docs/CONVENTIONS.md: no imports across web features; shared code lives in web/src/shared or web/src/app.
  ...webFeatureBoundaries(),
  // docs/CONVENTIONS.md: API modules reach each other only through their public file, modules/<module>/index.ts.
  ...apiModuleBoundaries(),
  prettier,
);
