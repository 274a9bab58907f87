import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * @stockroom/schema as an outside TypeScript project gets it: `npm pack` in
 * schema/, installed from the tarball into a scratch project outside the
 * workspace, a consumer type-checked with tsc --strict and run against the
 * server with a personal access token. The install is offline: the package's
 * two dependencies are packed from the workspace's own copies, and npm's
 * registry points at a closed port on 127.0.0.1, so nothing leaves the machine.
 */

const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const fixtures = join(__dirname, 'typed-client-consumer');
/* What the package may import besides its own files: node's built-ins, its dependency and its peers. */
const ALLOWED_IMPORTS = ['graphql', '@graphql-typed-document-node/core', '@apollo/client'];

/* npm run from `npm test` inherits npm_config_* of the workspace run; the scratch installs get their own. */
const npmEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  npm_config_offline: 'true',
  npm_config_registry: 'http://127.0.0.1:9/',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env: npmEnv, maxBuffer: 16 * 1024 * 1024 });

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2022',
    module: 'node16',
    moduleResolution: 'node16',
    lib: ['es2022', 'dom'],
    types: [],
    outDir: 'out',
  },
};

interface PackedFile {
  path: string;
}

let app: TestApp;
let work: string;
let project: string;
let packedFiles: string[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'stockroom-typed-client-'));
  const tarballs = join(work, 'tarballs');
  project = join(work, 'consumer');
  cpSync(fixtures, project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'stockroom-consumer', version: '1.0.0', private: true }));

  mkdirSync(tarballs);
  // The app starts while npm packs; both are awaited before either's failure is thrown, so afterAll closes a started app.
  const starting = startTestApp().then((started) => (app = started));
  const packing = Promise.all([
    // The run builds schema/ first (`npm test`); its prepack script would build it again, which only costs time here.
    npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tarballs], join(root, 'schema')),
    npm(['pack', '--ignore-scripts', '--pack-destination', tarballs, join(root, 'node_modules/graphql'), join(root, 'node_modules/@graphql-typed-document-node/core')], root),
  ]);
  await Promise.allSettled([starting, packing]);
  await starting;
  const [schemaPack] = await packing;
  packedFiles = (JSON.parse(schemaPack.stdout) as Array<{ files: PackedFile[] }>)[0].files.map((file) => file.path);
  const archives = readdirSync(tarballs).map((name) => join(tarballs, name));
  await npm(['install', '--ignore-scripts', '--no-package-lock', ...archives], project);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Every module specifier a compiled file of the installed package names. */
function importsOf(dir: string): Array<{ file: string; specifier: string }> {
  const found: Array<{ file: string; specifier: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|d\.ts)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:require\(|from\s+|import\()\s*['"]([^'"]+)['"]/g)) found.push({ file: relative(dir, file), specifier: match[1] });
  }
  return found;
}

describe('the packed @stockroom/schema', () => {
  it('ships compiled JavaScript and declarations, the SDL and an exports map, and imports nothing only the workspace has', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'package.json',
        'schema.graphql',
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/client/index.js',
        'dist/src/client/index.d.ts',
        'dist/src/webhooks/index.d.ts',
        'dist/generated/graphql.js',
        'dist/generated/graphql.d.ts',
        'dist/generated/rest.d.ts',
        'dist/generated/hooks.js',
        'dist/generated/operations/ProductList.js',
        'dist/generated/operations/ProductList.d.ts',
      ]),
    );
    expect(packedFiles.filter((path) => !/^dist\/.*\.(js|d\.ts)$/.test(path) && path !== 'package.json' && path !== 'schema.graphql')).toEqual([]);
    expect(packedFiles.filter((path) => /\.test\./.test(path))).toEqual([]);

    const installed = join(project, 'node_modules/@stockroom/schema');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.exports)).toEqual(expect.arrayContaining(['.', './client', './webhooks', './generated/graphql', './generated/rest', './generated/hooks', './schema.graphql']));
    expect(manifest.peerDependenciesMeta['@apollo/client']).toEqual({ optional: true });

    const outside = importsOf(installed).filter(
      ({ specifier }) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !ALLOWED_IMPORTS.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
    );
    expect(outside).toEqual([]);
    // Only the Apollo hooks need Apollo (one module per operation, which hooks re-exports): a consumer of the types
    // and the client never loads it.
    const needApollo = [...new Set(importsOf(installed).filter(({ specifier }) => specifier.startsWith('@apollo/')).map(({ file }) => file))];
    expect(needApollo.filter((file) => !/^dist\/generated\/operations\/\w+\.(js|d\.ts)$/.test(file))).toEqual([]);
    expect(needApollo).toEqual(expect.arrayContaining(['dist/generated/operations/ProductList.js', 'dist/generated/operations/ProductList.d.ts']));
  });

  it('type-checks a consumer in strict mode that lists, creates and adjusts stock with a token, and runs it', async () => {
    const owner = await signUpUser(app);
    const created = await app.rest('POST', '/api/users/profile/tokens', { name: 'Typed client', scopes: ['read', 'write'], expiresAt: null }, { token: owner.token });
    expect(created.status).toBe(201);
    writeFileSync(join(project, 'config.ts'), `export const baseUrl = ${JSON.stringify(app.url)};\nexport const token = ${JSON.stringify(created.body.token)};\n`);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: ['consumer.ts', 'config.ts', 'wrong-variables.ts'] }));

    // One tsc run (it still emits when a file has errors): the consumer must check clean, the wrong file must not.
    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error) => `${error.stdout}${error.stderr}`,
    );
    const errors = checked.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors.filter((line) => !line.startsWith('wrong-variables.ts('))).toEqual([]);
    // A string where the schema wants a number fails, on the GraphQL call and on the REST call.
    expect(errors).toEqual([
      expect.stringMatching(/^wrong-variables\.ts\(9,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/^wrong-variables\.ts\(10,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/),
    ]);

    const { stdout } = await run(process.execPath, [join(project, 'out/consumer.js')], { cwd: project });
    const steps = Object.fromEntries(stdout.trim().split('\n').map((line) => JSON.parse(line)).map(({ step, value }) => [step, value]));
    expect(steps).toEqual({
      token: true,
      message: true,
      webhooks: 'function',
      'graphql.create': { name: 'Typed lamp', quantity: 10 },
      'graphql.adjust': 7,
      'graphql.list': ['Typed lamp'],
      'rest.create': { status: 201, name: 'Typed shelf', quantity: 4 },
      'rest.adjust': 10,
      'rest.list': { names: ['Typed lamp', 'Typed shelf'], total: 2 },
      'rest.missing': { status: 404, code: 'NOT_FOUND' },
      'graphql.badToken': 'UNAUTHENTICATED',
    });

    // The server agrees: both products are the token owner's, with the stock the consumer left.
    const listed = await app.rest('GET', '/api/products?search=Typed&sortBy=name&sortOrder=asc', undefined, { token: owner.token });
    expect(listed.body.products.map((product: { name: string; quantity: number; owner: string }) => [product.name, product.quantity, product.owner])).toEqual([
      ['Typed lamp', 7, owner.user.id],
      ['Typed shelf', 10, owner.user.id],
    ]);
  }, 90_000);
});
