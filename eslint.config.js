// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules over the product,
// its tests and benchmarks. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs both,
// and CI runs `npm run lint`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'proto/gen/',
      'bench/results/',
      'test/fixtures/',
      '.tap/',
      'sdk/typescript/dist/',
      'sdk/typescript/src/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
    rules: {
      // A closure that reads a variable assigned after it was made (a test's late-bound dependency) cannot take a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A leading underscore says "deliberately unused" (a destructured field left out, a callback's unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // CommonJS configuration files (.dependency-cruiser.cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
)
