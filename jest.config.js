/**
 * Five projects: `unit` (beside the code), `integration` (real app on the
 * embedded PostgreSQL, tests/integration), `e2e` (real Chromium against the
 * built server, tests/e2e), `built-server` (the built server started and
 * stopped as production does, with no browser) and `performance` (Lighthouse
 * against the built server). `npm test` (scripts/test.mjs) runs `e2e` beside
 * `unit`, `integration` and `built-server`, one worker each, and then
 * `performance` alone, so that no other suite shares the machine while pages
 * are timed.
 */
/* ts-jest in transpile-only mode (isolatedModules in tsconfig.jest.json): fast, and it emits the decorator metadata TypeGraphQL and MikroORM read. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }];

const LIGHTHOUSE_SPEC = '<rootDir>/tests/e2e/lighthouse.spec.ts';
/** Starts servers of its own and no browser: it runs beside the browser suites rather than after them. */
const SHUTDOWN_SPEC = '<rootDir>/tests/e2e/graceful-shutdown.spec.ts';

/**
 * otplib's default plugins (@scure/base, @noble/hashes) ship ES modules only: Node's require loads them, jest's
 * module loader does not, so jest compiles those two packages to CommonJS like the TypeScript around them.
 */
const ESM_ONLY_PACKAGES = '@scure|@noble';
const esmToCommonJs = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true } }];

const shared = {
  transform: { '^.+\\.tsx?$': tsJest, [`/node_modules/(${ESM_ONLY_PACKAGES})/.+\\.js$`]: esmToCommonJs },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES})/)`],
  // The workspace runs the package's TypeScript source; its exports map names the compiled files an outside project installs.
  moduleNameMapper: {
    '^@stockroom/schema$': '<rootDir>/schema/src/index.ts',
    '^@stockroom/schema/generated/(.*)$': '<rootDir>/schema/generated/$1',
    // Blueprint's ES modules, as the client imports them, are its CommonJS build under jest.
    '^@blueprintjs/(icons|core)/lib/esm/(.*)$': '@blueprintjs/$1/lib/cjs/$2',
  },
  testEnvironment: 'node',
};

module.exports = {
  // Per-project timeouts are not a jest 29 option; browser tests need the most.
  testTimeout: 60_000,
  testSequencer: '<rootDir>/tests/support/slowest-first-sequencer.js',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{schema,backend,frontend}/src/**/*.test.{ts,tsx}'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/database-setup.mjs',
      globalTeardown: '<rootDir>/tests/support/database-teardown.mjs',
      setupFiles: ['reflect-metadata', '<rootDir>/tests/support/test-log-level.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.spec.ts'],
      testEnvironment: '<rootDir>/tests/e2e/support/failure-aware-environment.js',
      testPathIgnorePatterns: ['/node_modules/', LIGHTHOUSE_SPEC, SHUTDOWN_SPEC],
      globalSetup: '<rootDir>/tests/e2e/support/server-setup.mjs',
      globalTeardown: '<rootDir>/tests/e2e/support/server-teardown.mjs',
    },
    {
      ...shared,
      displayName: 'built-server',
      testMatch: [SHUTDOWN_SPEC],
    },
    {
      ...shared,
      displayName: 'performance',
      testMatch: [LIGHTHOUSE_SPEC],
      globalSetup: '<rootDir>/tests/e2e/support/server-setup.mjs',
      globalTeardown: '<rootDir>/tests/e2e/support/server-teardown.mjs',
    },
  ],
};
