import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin as VitePlugin, type UserConfig } from 'vite';
import { iconEnumAsNames } from './src/lib/blueprint/icon-enum-names.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#14102,
 * open), so every bundle got its dev-only checks and warnings; the production build beside it is
 * what the client runs.
 */
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const backend = 'http://localhost:3000';

/**
 * Blueprint ships one stylesheet for every component (476 KB, 48 KB gzipped). The
 * client never renders the components below, so their rules (and those of their parts:
 * `tree` covers `bp6-tree-node`) are dropped from it at build time. A component added to
 * the client later gets its styles back by leaving this list.
 */
const UNUSED_BLUEPRINT_CLASSES = [
  'tree',
  'slider',
  'tag-input',
  'editable-text',
  'panel-stack',
  'panel-stack2',
  'hotkey',
  'hotkey-column',
  'hotkey-dialog',
  'breadcrumb',
  'breadcrumbs',
  'navbar',
  'multistep-dialog',
  'context-menu',
  'entity-title',
  'card-list',
  'overflow-list',
  'tabs',
  'tab',
  'tab-list',
  'tab-panel',
  'tab-indicator',
  'tab-indicator-wrapper',
  'collapse',
  'control-group',
  'numeric-input',
  'section',
  'section-card',
  'section-header',
  'drawer',
  'divider',
  'button-group',
  'compound-tag',
  // A menu item's nested menu: no item of the client's has one.
  'submenu',
];
const unusedSelector = new RegExp(`\\.bp6-(?:${UNUSED_BLUEPRINT_CLASSES.join('|')})(?:-[\\w-]*)?(?![\\w-])`);

/** A rule of Blueprint's dark theme: it applies under the dark class (lib/theme puts it on <body>) or attribute. */
const darkSelector = /\.bp6-dark(?![\w-])|\[data-bp-color-scheme=["']?dark["']?\]/;
const BLUEPRINT_STYLESHEET = /@blueprintjs[\\/]core[\\/]/;
/** The stylesheet lib/theme loads when the dark theme applies: Blueprint's dark rules, apart. */
const DARK_STYLESHEET = /src[\\/]lib[\\/]theme[\\/]blueprint-dark\.css(?:\?.*)?$/;
/** At-rules that only hold rules: kept (when not left empty) in the dark stylesheet. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container']);

/**
 * A PostCSS plugin (Vite runs its css.postcss plugins on every stylesheet) that prunes Blueprint's,
 * and splits it in two: the dark theme's rules (about 40% of what is left, mostly long selectors)
 * go only to the dark stylesheet, so a page in the light theme neither downloads nor parses them.
 * lib/theme links the dark stylesheet right after the app's, where the dark rules stood in
 * Blueprint's (after the light rules they override, before the pages' own); theme-stylesheet.spec
 * holds that order.
 */
const pruneBlueprintCss = {
  postcssPlugin: 'stockroom-prune-blueprint',
  Once(root: PostCssNode) {
    const file = root.source?.input?.file ?? '';
    const darkOnly = DARK_STYLESHEET.test(file);
    if (!darkOnly && !BLUEPRINT_STYLESHEET.test(file)) return;
    root.walkRules((rule) => {
      const kept = rule.selectors!.filter((selector) => !unusedSelector.test(selector) && darkSelector.test(selector) === darkOnly);
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors!.length) rule.selectors = kept;
    });
    if (darkOnly) {
      root.walkAtRules((atRule) => {
        if (!GROUPING_AT_RULES.has(atRule.name!)) atRule.remove();
      });
    }
    // Removing an at-rule's last rule can empty the at-rule around it in turn.
    let emptied = true;
    while (emptied) {
      emptied = false;
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) {
          atRule.remove();
          emptied = true;
        }
      });
    }
  },
};

/** The few PostCSS node members the plugin touches (postcss is Vite's, not a dependency of ours). */
interface PostCssNode {
  source?: { input?: { file?: string } };
  name?: string;
  selectors?: string[];
  nodes?: unknown[];
  remove(): void;
  walkRules(visit: (rule: PostCssNode) => void): void;
  walkAtRules(visit: (atRule: PostCssNode) => void): void;
}

/**
 * Each Blueprint icon is a module of its own (generated/components/double-chevron-left.js), named
 * in the source as its component (DoubleChevronLeftIcon); all are imported through one index, so
 * the module graph cannot tell who draws which, and the names in these sources are read instead.
 * An icon nobody draws is not bundled at all.
 *
 * The icons of the shell (its user menu and workspace buttons included), of the sign-in page and
 * those Blueprint's own components draw (a callout's, a dialog's close button) load with every
 * first screen, in one chunk.
 */
/** The signed-in navigation's links (and icons): a chunk that signed-in screens load, see src/app/navigation.tsx. */
const SIGNED_IN_LINKS_SOURCE = 'src/app/signed-in-links.tsx';
const SHELL_AND_SIGN_IN_SOURCES = [
  'src/app',
  'src/components/AppHeader.tsx',
  'src/components/SideNav.tsx',
  'src/components/UserMenuButton.tsx',
  'src/features/workspaces/components/WorkspaceMenuButton.tsx',
  'src/features/auth/pages/SignInPage.tsx',
  'src/features/auth/components/SignInForm.tsx',
  'src/features/auth/components/AuthForm.tsx',
  'src/features/auth/components/AuthLayout.tsx',
  'src/features/auth/components/FormErrorCallout.tsx',
  '../node_modules/@blueprintjs/core/lib/esm',
];
/**
 * The other first screens' icons (home's, the other auth pages', the signed-in navigation's) are a
 * chunk of their own, which those pages load with their own scripts: the sign-in page's budget
 * (tests/e2e/bundle-budget.spec.ts) has no room for them. The rest wait in a chunk fetched with
 * the first page that draws one.
 */
const OTHER_FIRST_VIEW_SOURCES = ['src/features/auth', 'src/features/home', SIGNED_IN_LINKS_SOURCE];
const SOURCE_FILE = /\.(tsx?|js)$/;

/** The file itself, or the .ts, .tsx and .js files under the folder. */
function sourcesIn(path: string): string[] {
  if (SOURCE_FILE.test(path)) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourcesIn(join(path, entry.name)) : SOURCE_FILE.test(entry.name) ? [join(path, entry.name)] : [],
  );
}

/**
 * A component of the list above that the client now renders would be drawn unstyled (the
 * API token form's radios once were): the build stops and says which to take off the list.
 */
const PASCAL = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());
const blueprintImports = sourcesIn(fromHere('src')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@blueprintjs\/core'/g)].flatMap((match) =>
    match[1].split(',').map((name) => ({ name: name.trim().split(/\s+as\s+/)[0], file })),
  ),
);
for (const { name, file } of blueprintImports) {
  const pruned = UNUSED_BLUEPRINT_CLASSES.find((className) => PASCAL(className) === name);
  if (pruned) throw new Error(`${file} renders Blueprint's ${name}, whose styles the build drops: take '${pruned}' off UNUSED_BLUEPRINT_CLASSES in vite.config.ts`);
}

/** The names of the icons the sources under `paths` draw. */
const iconsDrawnIn = (paths: string[], except?: string) =>
  new Set(
    paths
      .flatMap((path) => sourcesIn(fromHere(path)))
      .filter((file) => except === undefined || file !== fromHere(except))
      .flatMap((file) => readFileSync(file, 'utf8').match(/\b[A-Z][A-Za-z0-9]*Icon\b/g) ?? [])
      .map((name) => name.replace(/Icon$/, '').replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-').toLowerCase()),
  );
const shellAndSignInIcons = iconsDrawnIn(SHELL_AND_SIGN_IN_SOURCES, SIGNED_IN_LINKS_SOURCE);
const otherFirstViewIcons = iconsDrawnIn(OTHER_FIRST_VIEW_SOURCES);

const ICON_MODULE = /@blueprintjs\/icons\/lib\/esm\/generated\/components\/([\w-]+)\.js$/;

const isOtherFirstViewIcon = (id: string) => {
  const name = id.match(ICON_MODULE)?.[1];
  return name !== undefined && !shellAndSignInIcons.has(name) && otherFirstViewIcons.has(name);
};

/** Which chunk an icon goes in: the shell's and the sign-in page's, the other first screens', or everyone else's. */
function iconChunkOf(id: string): string | undefined {
  const name = id.match(ICON_MODULE)?.[1];
  if (name === undefined) return undefined;
  if (shellAndSignInIcons.has(name)) return 'icons';
  return otherFirstViewIcons.has(name) ? undefined : 'page-icons';
}

/** Fails the build if anything (a font, an icon sheet) would be fetched from another host. */
const selfHostedOnly: VitePlugin = {
  name: 'stockroom-self-hosted-only',
  generateBundle(_options, bundle) {
    for (const asset of Object.values(bundle)) {
      if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
      const external = String(asset.source).match(/url\(\s*["']?(?:https?:)?\/\/[^)]*\)|@import\s+["']?(?:https?:)?\/\//);
      if (external) this.error(`${asset.fileName} loads ${external[0]}: fonts and icons must come from the app itself`);
    }
  },
};

/**
 * The page's scripts load at low priority, after its stylesheets. Each route's HTML already
 * holds the page as it first looks (scripts/prerender.mjs), so the stylesheets are all its
 * first paint waits for; on a slow phone connection the scripts would otherwise share the
 * line with them. (Chromium loads module scripts at high priority, and Lighthouse's
 * simulation then counts every one of them as holding up the first paint.)
 */
const scriptsAfterStyles: VitePlugin = {
  name: 'stockroom-scripts-after-styles',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { path }) =>
      path === '/index.html' ? html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"') : html,
  },
};

const ICON_ENUM_MODULE = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]generated[\\/]16px[\\/]blueprint-icons-16\.js$/;

/**
 * Blueprint's icon names are built when first read (src/lib/blueprint/lazy-icon-names.ts), not as
 * the scripts are evaluated: Blueprint's icon modules import them from './iconNames', and that one
 * import is pointed at the lazy module.
 * The names it reads come from Blueprint's enum of its icons, which goes into the bundle as the
 * names alone (src/lib/blueprint/icon-enum-names.ts).
 */
const lazyBlueprintIconNames: VitePlugin = {
  name: 'stockroom-lazy-blueprint-icon-names',
  enforce: 'pre',
  resolveId: (source, importer) =>
    source === './iconNames' && importer && /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/.test(importer)
      ? fromHere('src/lib/blueprint/lazy-icon-names.ts')
      : undefined,
  transform(code, id) {
    if (!ICON_ENUM_MODULE.test(id)) return undefined;
    const names = iconEnumAsNames(code);
    if (names === undefined) this.error(`${id} no longer writes its icon enum as src/lib/blueprint/icon-enum-names.ts expects`);
    return { code: names, map: null };
  },
};

/**
 * Blueprint's components draw their text with src/lib/blueprint/overflow-title-text.tsx, its Text
 * that measures itself only when it ellipsizes: Blueprint's own renders every button twice as it
 * mounts. Blueprint's imports of its text module (from its buttons, menu items, tags and index)
 * are pointed there.
 */
const blueprintTextModule = /^\.\.?\/(?:text\/)?text$/;
const overflowTitleText: VitePlugin = {
  name: 'stockroom-blueprint-overflow-title-text',
  enforce: 'pre',
  resolveId: (source, importer) =>
    blueprintTextModule.test(source) && importer && /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]components[\\/]/.test(importer)
      ? fromHere('src/lib/blueprint/overflow-title-text.tsx')
      : undefined,
};

/** `vite build --mode playground`: the GraphQL playground's page, a build of its own (see appBuild). */
const PLAYGROUND_MODE = 'playground';

/** What both client builds share: they write into one dist. */
const clientBuild: UserConfig['build'] = {
  outDir: 'dist',
  // Only browsers with native module preload are targeted; the polyfill
  // would also be one more script for the CSP to reason about.
  modulePreload: { polyfill: false },
};

const MAIN_MODULE = fromHere('src/main.tsx');
/** A signed-in page's first script (the page shells name it, scripts/prerender.mjs): an entry of its own, sharing no chunk with the app. */
const ASK_EARLY_MODULE = fromHere('src/ask-early.ts');
const OFFLINE_DATA_MODULE = /[\\/](?:src[\\/]lib[\\/]offline|node_modules[\\/]idb)[\\/]/;
const STYLE_MODULE = /\.css(?:\?|$)/;

/**
 * The app. The playground is not an entry of this build: every module the two share (React,
 * Blueprint's icons, graphql, Apollo's pieces) would be a common chunk between them, and the
 * app's first modules could not be one chunk (below) without the playground loading all of it.
 */
const appBuild: UserConfig['build'] = {
  ...clientBuild,
  emptyOutDir: true,
  // The build-time page shells (scripts/prerender.mjs) read it to preload each route's chunks.
  manifest: true,
  rolldownOptions: {
    input: { app: fromHere('index.html'), 'ask-early': ASK_EARLY_MODULE },
    // No page's chunk is imported from outside the app, so rolldown may reshape what entries export
    // (inlining, below, requires it).
    preserveEntrySignatures: false,
    output: {
      codeSplitting: {
        // Rolldown makes a common chunk for each set of pages that shares a module: a product's first
        // view was 26 scripts, most under 2 KB, each a round trip on a phone. Common chunks under 32 KB
        // are copied into the chunks that import them instead (9-11 scripts a page, for about the same
        // brotli bytes); rolldown's runtime still runs each module once, so the session and the Apollo
        // cache stay one. It turns on strictExecutionOrder: modules run in import order, as in the source.
        // A chunk with a stylesheet is never copied: Vite would write the stylesheet once per copy.
        experimentalInlineCommonChunks: { maxSize: 32 * 1024, exclude: [STYLE_MODULE] },
        groups: [
          // Icon components shared by several lazy pages would each become a tiny chunk of their own
          // (one more request per icon); they go in two. The chart library, shared by the dashboard's
          // charts and a product's stock chart (both lazy), is one chunk named for what it is.
          { name: (id) => iconChunkOf(id) ?? (id.includes('/node_modules/chartist/') ? 'chartist' : null), debugName: 'icons and chartist' },
          // The other first screens' icons: only theirs, what they draw with is in the chunk above.
          { name: (id) => (isOtherFirstViewIcon(id) ? 'entry-icons' : null), debugName: 'entry icons', includeDependenciesRecursively: false },
          // The offline client's data (lib/offline: its IndexedDB, queue and copies, but not the network's state, which
          // pages read online too) and idb are one chunk, not one per set of importers: fewer requests, and fewer names in
          // the preload lists every importer carries (app-start's too).
          {
            name: (id) => (OFFLINE_DATA_MODULE.test(id) && !id.endsWith('network-status.ts') ? 'offline' : null),
            debugName: 'offline',
            includeDependenciesRecursively: false,
          },
          // Every module the app starts with (`$initial`: main.tsx's static imports, and theirs) is one
          // chunk. Left to itself, rolldown makes a chunk for each set of pages that shares a module and
          // does not fold into the entry what the entry loads anyway: the app's first modules were 18
          // scripts, most under 2 KB, that every page waited for. On a phone each request costs a round
          // trip, six at a time. main.tsx and ask-early.ts stay out of it, and styles stay with their pages.
          {
            name: 'app-start',
            tags: ['$initial'],
            test: (id) => id !== MAIN_MODULE && id !== ASK_EARLY_MODULE && !STYLE_MODULE.test(id),
            includeDependenciesRecursively: false,
          },
        ],
      },
    },
  },
};

/** The playground, written beside the app into dist (after it: the app's build empties dist). */
const playgroundBuild: UserConfig['build'] = {
  ...clientBuild,
  emptyOutDir: false,
  manifest: false,
  rolldownOptions: { input: { playground: fromHere('playground.html') } },
};

export default defineConfig(({ isSsrBuild, mode }) => ({
  base: '/',
  plugins: [lazyBlueprintIconNames, overflowTitleText, react(), selfHostedOnly, scriptsAfterStyles],
  css: { postcss: { plugins: [pruneBlueprintCss] } },
  resolve: {
    // The schema package's exports are CommonJS for the server and outside
    // projects; the client bundles its TypeScript source (the shared rules and
    // the generated documents and hooks) so they tree-shake.
    alias: [
      { find: /^react-router$/, replacement: join(reactRouterProduction, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, 'dom-export.mjs') },
      { find: /^@stockroom\/schema$/, replacement: fromHere('../schema/src/index.ts') },
      { find: /^@stockroom\/schema\/generated\/(.*)$/, replacement: `${fromHere('../schema/generated/')}$1` },
    ],
  },
  server: { proxy: { '/graphql': backend, '/api': backend, '/uploads': backend } },
  preview: { proxy: { '/graphql': backend, '/api': backend, '/uploads': backend } },
  // The page-shell renderer (`--ssr src/app/prerender.tsx`) runs once at build time in Node, bundled whole
  // into one file: the prerender script loads a fresh copy of it per route.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, rolldownOptions: { output: { codeSplitting: false } } }
    : mode === PLAYGROUND_MODE
      ? playgroundBuild
      : appBuild,
}));
