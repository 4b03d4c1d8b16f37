import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = ['fs', 'path', 'crypto', 'http', 'https', 'net', 'child_process', 'os', 'url', 'worker_threads', 'timers'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'scratch/**', 'bench/results/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Bundled into Temporal's deterministic sandbox: no I/O, no Node built-ins, no randomness.
    files: ['src/workflows/**/*.ts', 'src/tools/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.flatMap((m) => [m, `node:${m}`]).map((name) => ({ name, message: 'workflow-side code cannot do I/O' })),
        patterns: [{ group: ['**/activities/index*', '**/api/**', '**/sandbox/**', '**/world/**'], message: 'workflow-side code must not import I/O modules' }],
      }],
      'no-restricted-properties': ['error',
        { object: 'Math', property: 'random', message: 'use the workflow\'s seeded random' },
        { object: 'process', property: 'env', message: 'configuration travels as workflow input' },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
