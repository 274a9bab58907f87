/**
 * The backend's folders depend one way: draw each top-level folder of
 * backend/src as a box and its files' imports as arrows, and there is no loop.
 * Files directly in backend/src (app.ts, main.ts) are the "app" box on top.
 * A loop means two modules can no longer be read, tested or changed apart, so
 * this fails on the first one and prints the whole folder graph.
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = __dirname;

type FolderGraph = Map<string, Map<string, string[]>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests may reach across modules to set a scene; the app's own code may not.
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function folderOf(file: string): string {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 ? parts[0] : 'app';
}

/** Folder -> imported folder -> the imports (file -> specifier) that draw that arrow. */
export function buildFolderGraph(files: string[]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveRelative(file, fileName);
      if (!target || relative(root, target).startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const edges = graph.get(from)!;
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to)!.push(`${relative(root, file)} -> ${fileName}`);
    }
  }
  for (const edges of [...graph.values()]) {
    for (const to of edges.keys()) if (!graph.has(to)) graph.set(to, new Map());
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one folder: the loops. */
export function foldersInCycles(graph: Map<string, Map<string, unknown>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/**
 * The imports that run back up under the best layering of one loop's
 * folders: the fewest imports to remove so the loop becomes a stack
 * (a minimum feedback arc set, found exactly over subsets of the loop).
 */
export function backEdges(graph: FolderGraph, component: string[]): string[] {
  const n = component.length;
  if (n > 16) return [`(${n} folders: too many to rank exactly)`];
  const weight = (a: number, b: number) => graph.get(component[a])?.get(component[b])?.length ?? 0;
  // best[set] = fewest back-imports when the folders in `set` are placed first, in the best order.
  const best = new Array<number>(1 << n).fill(Infinity);
  const lastPlaced = new Array<number>(1 << n).fill(-1);
  best[0] = 0;
  for (let set = 0; set < 1 << n; set += 1) {
    if (best[set] === Infinity) continue;
    for (let next = 0; next < n; next += 1) {
      if (set & (1 << next)) continue;
      // Placing `next` below everything already placed: its imports of them run back up.
      let cost = 0;
      for (let placed = 0; placed < n; placed += 1) if (set & (1 << placed)) cost += weight(next, placed);
      const grown = set | (1 << next);
      if (best[set] + cost < best[grown]) {
        best[grown] = best[set] + cost;
        lastPlaced[grown] = next;
      }
    }
  }
  const order: number[] = [];
  for (let set = (1 << n) - 1; set; set &= ~(1 << lastPlaced[set])) order.unshift(lastPlaced[set]);
  const position = new Map(order.map((folder, at) => [folder, at]));
  const result: string[] = [];
  for (let a = 0; a < n; a += 1) {
    for (let b = 0; b < n; b += 1) {
      if (position.get(a)! > position.get(b)!) {
        for (const edge of graph.get(component[a])?.get(component[b]) ?? []) {
          result.push(`${component[a]} -> ${component[b]}: ${edge}`);
        }
      }
    }
  }
  return result;
}

function describe(graph: FolderGraph): string {
  return [...graph.keys()]
    .sort()
    .map((from) => {
      const edges = [...graph.get(from)!.entries()].sort(([a], [b]) => a.localeCompare(b));
      return `${from} -> ${edges.map(([to, imports]) => `${to} (${imports.length})`).join(', ') || '(nothing)'}`;
    })
    .join('\n');
}

test('the folders of backend/src import each other without a cycle', () => {
  const graph = buildFolderGraph(sourceFiles(root));
  // The graph must be the real one: a resolver that found nothing would pass vacuously.
  expect(graph.get('products')?.has('common')).toBe(true);
  expect(graph.get('app')?.size).toBeGreaterThan(3);

  const cycles = foldersInCycles(graph);
  if (cycles.length > 0) {
    const back = cycles.flatMap((component) => backEdges(graph, component));
    throw new Error(
      [
        `${cycles.reduce((sum, c) => sum + c.length, 0)} folders in cycles: ${cycles.map((c) => c.join(', ')).join(' | ')}`,
        `${back.length} imports run back up (the fewest that would break every cycle):`,
        ...back.map((edge) => `  ${edge}`),
        '',
        'Folder graph (folder -> imported folder (imports)):',
        describe(graph),
      ].join('\n'),
    );
  }
});

test('auth and users share the account module rather than each other, and common/ knows no feature', () => {
  const graph = buildFolderGraph(sourceFiles(root));
  expect(graph.get('auth')?.has('users')).toBe(false);
  expect(graph.get('users')?.has('auth')).toBe(false);
  expect(graph.get('auth')?.has('account')).toBe(true);
  expect(graph.get('users')?.has('account')).toBe(true);
  expect([...(graph.get('common')?.keys() ?? [])]).toEqual([]);
});

test('the event outbox knows none of its subscribers: webhooks and notifications subscribe to it', () => {
  const graph = buildFolderGraph(sourceFiles(root));
  expect(graph.get('events')?.has('webhooks')).toBe(false);
  expect(graph.get('events')?.has('notifications')).toBe(false);
  expect(graph.get('webhooks')?.has('events')).toBe(true);
});

/** An import of a `*.queries.ts` file, and whether it crosses from one module into another's. */
interface QueriesImport {
  edge: string;
  outside: boolean;
}

/**
 * Every import of a module's SQL (`<module>/*.queries.ts`), as `file -> specifier`.
 * A module's statements are its own to change: another module reaches them
 * through its service, or a public file it keeps for others (a column list or
 * a CTE builder shared on purpose), never through its queries file.
 */
export function queriesImports(files: string[]): QueriesImport[] {
  const found: QueriesImport[] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveRelative(file, fileName);
      if (!target || relative(root, target).startsWith('..') || !/\.queries\.ts$/.test(target)) continue;
      found.push({ edge: `${relative(root, file)} -> ${fileName}`, outside: folderOf(target) !== folderOf(file) });
    }
  }
  return found.sort((a, b) => a.edge.localeCompare(b.edge));
}

test("no module imports another module's queries file: modules meet through services and public files", () => {
  const imports = queriesImports(sourceFiles(root));
  // The check must see imports at all: each module reads its own SQL from its queries files.
  expect(imports.filter((found) => !found.outside).length).toBeGreaterThan(10);
  const offending = imports.filter((found) => found.outside).map((found) => found.edge);
  if (offending.length > 0) {
    throw new Error(
      [
        `${offending.length} imports reach into another module's *.queries.ts; call that module's service, or a public file it keeps for others, instead:`,
        ...offending.map((edge) => `  ${edge}`),
      ].join('\n'),
    );
  }
});

test('products call stock and stock never imports products: both build on product-record', () => {
  const graph = buildFolderGraph(sourceFiles(root));
  expect(graph.get('products')?.has('stock')).toBe(true);
  expect(graph.get('stock')?.has('products')).toBe(false);
  expect(graph.get('stock')?.has('product-record')).toBe(true);
  expect(graph.get('product-record')?.has('products')).toBe(false);
  expect(graph.get('product-record')?.has('stock')).toBe(false);
});

test('the cycle check finds a loop and the imports that close it', () => {
  const graph: FolderGraph = new Map([
    ['a', new Map([['b', ['a.ts -> ../b/b', 'a2.ts -> ../b/b']]])],
    ['b', new Map([['c', ['b.ts -> ../c/c']]])],
    ['c', new Map([['a', ['c.ts -> ../a/a']]])],
    ['d', new Map([['a', ['d.ts -> ../a/a']]])],
  ]);
  expect(foldersInCycles(graph)).toEqual([['a', 'b', 'c']]);
  expect(backEdges(graph, ['a', 'b', 'c'])).toHaveLength(1);
});
