// ESLint for every package and the tests: typescript-eslint's recommended rules everywhere,
// the hooks rules and jsx-a11y on the client. `npm run lint`; CI runs it.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'schema/generated/**',
      'frontend/dev-dist/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Tests and adapters over untyped libraries (GraphQL answers, jest matchers, exceljs cells) read `any` on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['schema/src/client/**/*.ts'],
    // The typed client's option types are built by intersection, and `{}` is what adds nothing to one.
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }] },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // These judge code for the React Compiler, which this client is not built with; the rules of
      // hooks and the effects' dependencies still hold.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/use-memo': 'off',
      'react-hooks/globals': 'off',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Blueprint's fields take autoFocus where focus must start (a dialog's first field, a form opened to be filled in).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A label around Blueprint's own controls labels them as it does a native one.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['HTMLSelect', 'InputGroup', 'NumericInput', 'TextArea'], depth: 3 }],
      // A region that scrolls sideways (a wide table, a long list) must be reachable by keyboard to be scrolled.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    // page.evaluate callbacks run in the page.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
