import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The client's folders depend one way: lib/ and components/ are shared by
 * everything and know no feature; a feature uses only the shared folders,
 * never another feature; app/ assembles the features. Inside a feature the
 * pages are the top, and a feature split by capability (products: list,
 * stock, trash, ...) keeps what its capabilities share in shared/, below
 * them all. A page's path is spelled once, so a renamed route cannot leave a
 * stale link behind.
 */

const SRC = __dirname;

/** The folder of a feature split by capability that holds what its capabilities share; it knows none of them. */
const FEATURE_SHARED = 'shared';

/** The folder of a feature that holds its pages, which only the router loads. */
const FEATURE_PAGES = 'pages';

/** Route prefixes and the feature that owns each ("/" alone prefixes every path, so home's is left out). */
const ROUTE_OWNERS: Record<string, string> = {
  '/auth': 'auth',
  '/dashboard': 'dashboard',
  '/products': 'products',
  '/profile': 'profile',
  '/admin': 'admin',
  '/invitations': 'invitations',
  '/help': 'help',
  '/404': 'not-found',
};

/**
 * graphql.ts holds every operation's document in one module, and a module is never split between
 * chunks: the client takes documents and hooks from `generated/hooks` (one module per operation,
 * so each lands in the chunk of the page that uses it), and only types from here.
 */
const GENERATED_GRAPHQL = '@stockroom/schema/generated/graphql';

/** Where the paths linked from outside their own feature are spelled. */
const SHARED_URLS = 'lib/urls.ts';

interface SourceFile {
  /** Path relative to frontend/src, with forward slashes. */
  path: string;
  imports: string[];
  literals: string[];
  /** Values (not types) imported from the generated types module. */
  generatedGraphqlValues: string[];
}

function listFiles(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full, wanted);
    return wanted(entry.name) ? [full] : [];
  });
}

const listSources = (dir: string) => listFiles(dir, (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'));

const toSrcPath = (full: string) => relative(SRC, full).split(sep).join('/');

/** Static, re-exported and dynamic (`import()`) specifiers, and every string a file spells. */
function scan(full: string): SourceFile {
  const text = readFileSync(full, 'utf8');
  const kind = full.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(full, text, ts.ScriptTarget.Latest, false, kind);
  const imports: string[] = [];
  const literals: string[] = [];
  const generatedGraphqlValues: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push(node.moduleSpecifier.text);
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      if (node.moduleSpecifier.text === GENERATED_GRAPHQL && clause && !clause.isTypeOnly) {
        const bindings = clause.namedBindings;
        if (clause.name || (bindings && ts.isNamespaceImport(bindings))) generatedGraphqlValues.push('*');
        else if (bindings) generatedGraphqlValues.push(...bindings.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text));
      }
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) imports.push(specifier.text);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) literals.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { path: toSrcPath(full), imports, literals, generatedGraphqlValues };
}

/** The module a src path belongs to: `features/<name>`, or its top folder (`lib`, `components`, `app`, ...). */
function moduleOf(srcPath: string): string {
  const [top, name] = srcPath.split('/');
  return top === 'features' && name !== undefined ? `features/${name}` : top;
}

/** The src path a relative specifier points at; null for packages and anything outside src. */
function resolveSpecifier(fromPath: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = toSrcPath(resolve(SRC, dirname(fromPath), specifier));
  return target.startsWith('..') ? null : target;
}

function forbiddenImport(from: string, to: string): string | null {
  if (from === to) return null;
  if (from.startsWith('features/')) {
    if (to.startsWith('features/')) return 'a feature imports another feature';
    if (to === 'app') return 'a feature imports app/';
  }
  if ((from === 'lib' || from === 'components') && (to.startsWith('features/') || to === 'app')) {
    return `${from}/ imports ${to.startsWith('features/') ? 'features/' : 'app/'}`;
  }
  return null;
}

/** A feature's file: its feature and the folder it sits in under the feature ('' for the feature's own top files, such as urls.ts). */
function featureFolderOf(srcPath: string): { feature: string; folder: string } | null {
  const [top, feature, ...rest] = srcPath.split('/');
  if (top !== 'features' || feature === undefined || rest.length === 0) return null;
  return { feature, folder: rest.length > 1 ? rest[0] : '' };
}

/** Why one folder of a feature may not import another of the same feature, or null. */
function forbiddenFolderImport(from: string, to: string): string | null {
  if (from === to) return null;
  if (to === FEATURE_PAGES) return `imports ${FEATURE_PAGES}/, which only the router loads`;
  if (from === FEATURE_SHARED && to !== '') return `${FEATURE_SHARED}/ imports ${to}/, a capability it sits below`;
  return null;
}

/** The loops in a graph of imports between folders, each spelled 'a -> b -> a'; none when they depend one way. */
function loopsIn(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const loops: string[] = [];
  const explored = new Set<string>();
  const visit = (node: string, path: readonly string[]): void => {
    const at = path.indexOf(node);
    if (at >= 0) {
      loops.push([...path.slice(at), node].join(' -> '));
      return;
    }
    if (explored.has(node)) return;
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    explored.add(node);
  };
  for (const node of edges.keys()) visit(node, []);
  return loops;
}

function routeOwnerOf(literal: string): string | null {
  for (const [prefix, owner] of Object.entries(ROUTE_OWNERS)) {
    if (literal === prefix || ['/', '?', '#'].some((next) => literal.startsWith(prefix + next))) return owner;
  }
  return null;
}

const sources = listSources(SRC).map(scan);

/** Each GraphQL document file with the fragments it defines and the ones it spreads. */
const documents = listFiles(SRC, (name) => name.endsWith('.graphql')).map((full) => {
  const text = readFileSync(full, 'utf8');
  return {
    path: toSrcPath(full),
    defines: [...text.matchAll(/^fragment (\w+)/gm)].map((m) => m[1]),
    spreads: [...text.matchAll(/\.\.\.(\w+)/g)].map((m) => m[1]),
  };
});
const features = readdirSync(join(SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports from one folder of a feature to another of the same feature, with the files that make each. */
const featureFolderImports = sources.flatMap((file) => {
  const from = featureFolderOf(file.path);
  if (from === null) return [];
  return file.imports.flatMap((specifier) => {
    const target = resolveSpecifier(file.path, specifier);
    const to = target === null ? null : featureFolderOf(target);
    return to === null || to.feature !== from.feature || to.folder === from.folder ? [] : [{ file: file.path, specifier, feature: from.feature, from: from.folder, to: to.folder }];
  });
});

/** The features split by capability: those with a shared/ folder. */
const splitFeatures = features.filter((name) => sources.some((file) => file.path.startsWith(`features/${name}/${FEATURE_SHARED}/`)));

describe('client module boundaries', () => {
  it('scans the whole client', () => {
    expect(features).toEqual(expect.arrayContaining(Object.values(ROUTE_OWNERS)));
    expect(sources.filter((file) => file.path.startsWith('features/')).length).toBeGreaterThan(50);
    expect(sources.some((file) => file.path === 'app/router.tsx')).toBe(true);
  });

  it('recognises what it forbids', () => {
    expect(moduleOf(resolveSpecifier('features/profile/pages/ProfilePage.tsx', '../../auth')!)).toBe('features/auth');
    expect(resolveSpecifier('app/router.tsx', 'react-router-dom')).toBeNull();
    expect(forbiddenImport('features/dashboard', 'features/products')).not.toBeNull();
    expect(forbiddenImport('features/auth', 'app')).not.toBeNull();
    expect(forbiddenImport('lib', 'features/auth')).not.toBeNull();
    expect(forbiddenImport('components', 'app')).not.toBeNull();
    expect(forbiddenImport('app', 'features/auth')).toBeNull();
    expect(forbiddenImport('features/auth', 'lib')).toBeNull();
    expect(featureFolderOf('features/products/stock/StockHistory.tsx')).toEqual({ feature: 'products', folder: 'stock' });
    expect(featureFolderOf('features/products/urls.ts')).toEqual({ feature: 'products', folder: '' });
    expect(featureFolderOf('lib/urls.ts')).toBeNull();
    expect(forbiddenFolderImport('shared', 'stock')).not.toBeNull();
    expect(forbiddenFolderImport('stock', 'pages')).not.toBeNull();
    expect(forbiddenFolderImport('shared', '')).toBeNull();
    expect(forbiddenFolderImport('pages', 'stock')).toBeNull();
    expect(forbiddenFolderImport('stock', 'shared')).toBeNull();
    const graph = (pairs: [string, string][]) => new Map(pairs.map(([from, to]) => [from, new Set([to])]));
    expect(loopsIn(graph([['list', 'bulk'], ['bulk', 'stock'], ['stock', 'list']]))).toEqual(['list -> bulk -> stock -> list']);
    expect(loopsIn(graph([['list', 'bulk'], ['bulk', 'shared']]))).toEqual([]);
    expect(routeOwnerOf('/products/new')).toBe('products');
    expect(routeOwnerOf('/auth/login?returnUrl=')).toBe('auth');
    expect(routeOwnerOf('/productsearch')).toBeNull();
    expect(routeOwnerOf('/api/docs')).toBeNull();
  });

  it('takes only types from the generated graphql module (documents and hooks come one per operation)', () => {
    const offending = sources
      .filter((file) => !file.path.endsWith('.test.ts') && file.generatedGraphqlValues.length > 0)
      .map((file) => `${file.path}: ${file.generatedGraphqlValues.join(', ')}`);
    expect(offending).toEqual([]);
    // The scan sees such imports: the tests (which may import documents from anywhere) do.
    expect(sources.some((file) => file.path.endsWith('.test.ts') && file.generatedGraphqlValues.length > 0)).toBe(true);
  });

  it('imports run one way: shared -> features -> app', () => {
    const violations = sources.flatMap((file) =>
      file.imports.flatMap((specifier) => {
        const target = resolveSpecifier(file.path, specifier);
        const reason = target === null ? null : forbiddenImport(moduleOf(file.path), moduleOf(target));
        return reason === null ? [] : [`${file.path} imports '${specifier}': ${reason}`];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('GraphQL documents spread fragments one way too: from their own module or a shared one', () => {
    expect(documents.length).toBeGreaterThan(5);
    const definedIn = new Map(documents.flatMap((doc) => doc.defines.map((name) => [name, moduleOf(doc.path)] as const)));
    const violations = documents.flatMap((doc) =>
      doc.spreads.flatMap((name) => {
        const owner = definedIn.get(name);
        const reason = owner === undefined ? 'no such fragment' : forbiddenImport(moduleOf(doc.path), owner);
        return reason === null ? [] : [`${doc.path} spreads ${name} (${owner ?? '?'}): ${reason}`];
      }),
    );
    expect(violations).toEqual([]);
  });

  it("inside a feature, pages are the top and a split feature's shared/ knows none of its capabilities", () => {
    expect(splitFeatures).toContain('products');
    const violations = featureFolderImports.flatMap(({ file, specifier, from, to }) => {
      const reason = forbiddenFolderImport(from, to);
      return reason === null ? [] : [`${file} imports '${specifier}': ${reason}`];
    });
    expect(violations).toEqual([]);
  });

  it("a split feature's folders depend one way: no loop between them", () => {
    const loops = splitFeatures.flatMap((feature) => {
      const node = (folder: string) => folder || '(top files)';
      const edges = new Map<string, Set<string>>();
      for (const { from, to } of featureFolderImports.filter((edge) => edge.feature === feature)) {
        edges.set(node(from), (edges.get(node(from)) ?? new Set()).add(node(to)));
      }
      return loopsIn(edges).map((loop) => `features/${feature}: ${loop}`);
    });
    expect(loops).toEqual([]);
  });

  it('every feature keeps its paths in one urls.ts', () => {
    const withoutUrls = features.filter((name) => !sources.some((file) => file.path === `features/${name}/urls.ts`));
    expect(withoutUrls).toEqual([]);
  });

  it(`a route path is spelled only in its feature's urls.ts or in ${SHARED_URLS}`, () => {
    // Tests may spell paths as data (a return URL to sanitize, say).
    const violations = sources
      .filter((file) => !/\.test\.tsx?$/.test(file.path) && file.path !== SHARED_URLS)
      .flatMap((file) =>
        file.literals.flatMap((literal) => {
          const owner = routeOwnerOf(literal);
          if (owner === null || file.path === `features/${owner}/urls.ts`) return [];
          return [`${file.path} spells '${literal}', a path of features/${owner}`];
        }),
      );
    expect(violations).toEqual([]);
  });
});
