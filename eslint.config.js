// Only the rules that catch what a test suite cannot afford: a missing `await` makes a check pass without
// testing anything (GUIDE.md, habits). Formatting and style are left to review.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist.building-*/**',
      'conformance-report/**',
      '.tmp/**',
      'schemas/**',
      'bin/**',
      'eslint.config.js',
    ],
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Judges are pure functions of answers: whatever sends, reads files or holds a run's state lives in
    // src/harness/ (drivers/ for the checks' own), never here.
    files: ['src/semantics/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/harness',
                '**/harness/**',
                '**/transport/**',
                '**/server/**',
                '**/cli/**',
                '**/runner/**',
                '**/lib/**',
                '**/gate/**',
                '**/report/**',
                '**/reporters/**',
                '**/config/**',
              ],
              message: 'src/semantics/ holds pure judges of answers: requests, files and run state belong in src/harness/drivers/.',
            },
            {
              group: [
                'node:*',
                'fs',
                'fs/*',
                'http',
                'https',
                'http2',
                'net',
                'dns',
                'child_process',
                'worker_threads',
                'os',
                'supertest',
                'nock',
              ],
              message: 'src/semantics/ holds pure judges of answers: no I/O.',
            },
          ],
        },
      ],
    },
  },
);
