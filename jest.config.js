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
/**
 * Packages published as ES modules only, which jest 29's CommonJS runtime can load only once compiled to it:
 * openid-client and its own (oauth4webapi, jose), and otplib's default plugins (@scure/base, @noble/hashes).
 */
const ESM_ONLY_PACKAGES = ['openid-client', 'oauth4webapi', 'jose', '@scure', '@noble'];
const esmOnly = `/node_modules/(?:${ESM_ONLY_PACKAGES.join('|')})/`;

const LIGHTHOUSE_SPEC = '<rootDir>/tests/e2e/lighthouse.spec.ts';
/** Starts servers of its own and no browser: it runs beside the browser suites rather than after them. */
const SHUTDOWN_SPEC = '<rootDir>/tests/e2e/graceful-shutdown.spec.ts';

const shared = {
  transform: {
    '^.+\\.tsx?$': tsJest,
    [`${esmOnly}.+\\.js$`]: ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest-esm.json' }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(?:${ESM_ONLY_PACKAGES.join('|')})/)`],
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
