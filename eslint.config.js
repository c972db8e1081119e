// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules over the product,
// its tests and benchmarks, and the type-checked rules (the TypeScript program's types, through
// typescript-eslint's project service): all of recommendedTypeChecked over the product, a chosen
// few over tests and benchmarks. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs
// both, and CI runs `npm run lint`.
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
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A switch over a closed set names every member (or says what the rest get with a default):
      // a name added to the set then fails here, where it must be handled.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // A promise where a callback's void is expected (an event handler whose rejection nobody
      // sees) is a bug in tests as much as in the product.
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['{engine,edge,accounts,callers,lib,localnet,scripts}/**/*.ts', 'main.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    rules: {
      // The services are object literals of closures, never classes reading `this`: passing
      // `clock.getSlot` or `state.forget` on is safe, and the interfaces declare them as methods.
      '@typescript-eslint/unbound-method': 'off',
      // A rejection passes on what was thrown or the AbortSignal's reason as it is: wrapping it in
      // an Error would hide the catalogue ServiceError or the caller's own reason.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // An async function that implements a promise-returning interface stays async without an
      // await, so a throw in it is a rejection like every other implementation's.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Tests and benchmarks keep the rules above but not recommendedTypeChecked's whole set: tap's
  // `t.test` promises are awaited by tap (no-floating-promises would flag each), a test reads an
  // answer's JSON as it comes (the no-unsafe-* rules) precisely to assert its shape, awaits
  // values that are promises only when cold (await-thenable), and throws queued failures of any
  // type to see them handled (only-throw-error).
  // The dashboard (a browser app, its own tsconfig with the DOM and Preact's JSX): the product's
  // type-checked rules; its build files (Vite's config and plugin) run in Node, under tsconfig.node.json.
  {
    files: ['dashboard/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      globals: { window: 'readonly', document: 'readonly', location: 'readonly', navigator: 'readonly', sessionStorage: 'readonly' },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // An event handler may start a promise: the page reports its failure itself.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['dashboard/vite.config.ts', 'dashboard/first-load-budget.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: ['dashboard/tsconfig.node.json'], tsconfigRootDir: import.meta.dirname },
    },
  },
  // CommonJS configuration files (.dependency-cruiser.cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
)
