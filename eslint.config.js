import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'build/**',
      '.local/**',
      'cdk8s.out/**',
      'charts/**',
      'cdk8s/imports/**',
      'cdk8s/dist/**',
      'shared/contracts/artifacts/**',
      'clients/*/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings through the app config module (shared/src/config).',
        },
      ],
    },
  },
  {
    // Type-aware rules: promises flow through custom step runners, so a dropped or misplaced one is a real bug.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['shared/src/config/**', '**/*.test.ts', '**/*.spec.ts', 'tooling/**', '**/testing/**', 'jest.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
