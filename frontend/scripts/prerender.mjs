/**
 * Renders each route of PRERENDERED_ROUTES (src/app/router.tsx) into a copy of the built
 * index.html, with its page's chunks preloaded, so the page paints before the script has
 * run; the client then renders over it. Writes dist/shells/*.html and dist/shells.json,
 * the list the server answers those routes from. Runs after `vite build` and
 * `vite build --ssr src/app/prerender.tsx` (which it removes once done).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production server renderer: the development one writes its warnings into the HTML,
// stack traces with this machine's paths among them.
process.env.NODE_ENV = 'production';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');

const renderer = pathToFileURL(join(ssrDir, 'prerender.js')).href;
/**
 * A fresh copy of the renderer for each route: a lazy component (the user menu) loaded while
 * rendering one route would otherwise render in full in the next, where the browser's first
 * frame shows its fallback.
 */
const freshRenderer = (route) => import(`${renderer}?route=${encodeURIComponent(route)}`);
const { pageModuleOf, PRERENDERED_ROUTES, EARLY_REQUESTS_ELEMENT_ID } = await freshRenderer('');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
// A stylesheet imported by its address (`?url`) is listed under its absolute path.
const DARK_STYLESHEET = Object.values(manifest).find((chunk) => chunk.src?.endsWith('src/lib/theme/blueprint-dark.css'))?.file;
if (!DARK_STYLESHEET) throw new Error('The build manifest has no dark stylesheet (src/lib/theme/blueprint-dark.css)');
/**
 * On a system set to dark, the dark theme's stylesheet (which the script loads before it turns the
 * page dark) starts downloading with the page; a preload whose media does not match is not fetched.
 * As the script's own request for it, anonymous CORS, so the two are one download.
 */
let template = readFileSync(join(dist, 'index.html'), 'utf8').replace(
  '  </head>',
  `    <link rel="preload" as="style" crossorigin href="/${DARK_STYLESHEET}" media="(prefers-color-scheme: dark)">\n  </head>`,
);
const ROOT_DIV = '<div id="root"></div>';
if (!template.includes(ROOT_DIV)) throw new Error(`dist/index.html has no ${ROOT_DIV}`);
const TITLE = /<title>[^<]*<\/title>/;
if (!TITLE.test(template)) throw new Error('dist/index.html has no <title>');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A chunk's file, the files it imports statically (recursively) and their CSS. */
function chunksOf(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const more = chunksOf(imported, seen);
    js.push(...more.js);
    css.push(...more.css);
  }
  return { js, css };
}

/**
 * index.html's own preload tag up to the file's address: a page's preloads are written the same
 * way, so they load as index.html's do (at the priority vite.config.ts's scriptsAfterStyles gives).
 */
const PRELOAD_TAG = template.match(/<link rel="modulepreload"[^>]* href="\//)?.[0];
if (!PRELOAD_TAG) throw new Error('dist/index.html preloads no module');

/**
 * main.tsx imports React's renderer and the app's root (src/app/render-app.tsx) as a chunk of its
 * own, so that they are evaluated in a task of their own. Every page preloads its scripts with the
 * page's, as it does the entry's, rather than finding them once the entry has run.
 */
const RENDER_MODULE = 'src/app/render-app.tsx';
if (!manifest[RENDER_MODULE]) throw new Error(`The build manifest has no chunk for ${RENDER_MODULE}`);
const renderLinks = [...new Set(chunksOf(RENDER_MODULE).js)].filter((file) => !template.includes(`/${file}"`)).map((file) => `    ${PRELOAD_TAG}${file}">`);
template = template.replace('  </head>', `${renderLinks.join('\n')}\n  </head>`);
writeFileSync(join(dist, 'index.html'), template);

/** The header's workspace switcher: a signed-in screen's first render draws it (main.tsx loads it first), a signed-out one never. */
const SWITCHER_MODULE = 'src/features/workspaces/components/WorkspaceSwitcher.tsx';
if (!manifest[SWITCHER_MODULE]) throw new Error(`The build manifest has no chunk for ${SWITCHER_MODULE}`);

/** The navigation's signed-in links: a signed-in screen's first render draws them (main.tsx loads them first), a signed-out one never. */
const SIGNED_IN_LINKS_MODULE = 'src/app/signed-in-links.tsx';
if (!manifest[SIGNED_IN_LINKS_MODULE]) throw new Error(`The build manifest has no chunk for ${SIGNED_IN_LINKS_MODULE}`);

/** Links for what the page needs beyond what index.html already loads. */
function preloadLinks(location, signedIn) {
  const module = pageModuleOf(location);
  if (!module) return '';
  if (!manifest[module]) throw new Error(`The build manifest has no chunk for ${module}`);
  const page = chunksOf(module);
  const signedInParts = signedIn ? [chunksOf(SWITCHER_MODULE), chunksOf(SIGNED_IN_LINKS_MODULE)] : [];
  const js = [...page.js, ...signedInParts.flatMap((part) => part.js)];
  const css = [...page.css, ...signedInParts.flatMap((part) => part.css)];
  const missing = (file) => !template.includes(`/${file}"`);
  return [
    ...[...new Set(css)].filter(missing).map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...new Set(js)].filter(missing).map((file) => `    ${PRELOAD_TAG}${file}">`),
  ].join('\n');
}

/**
 * A signed-in screen's first script (src/ask-early.ts): it sends the page's first requests while the
 * app's scripts come. It may import only rolldown's runtime (2 KB, which every page preloads first):
 * with any chunk of the app's it would wait for that chunk to come.
 */
const ASK_EARLY_MODULE = 'src/ask-early.ts';
const askEarly = manifest[ASK_EARLY_MODULE];
if (!askEarly) throw new Error(`The build manifest has no chunk for ${ASK_EARLY_MODULE}`);
const askEarlyImports = [...(askEarly.imports ?? []), ...(askEarly.dynamicImports ?? [])].filter((key) => !key.startsWith('_rolldown-runtime'));
if (askEarlyImports.length > 0) throw new Error(`${ASK_EARLY_MODULE} imports ${askEarlyImports.join(', ')}: it must stand alone`);

/**
 * The requests a signed-in screen sends first (the app's own, written down by the renderer), as JSON
 * the page's first script reads (a data block: the CSP runs no inline script), and that script,
 * run as soon as it has come. `<` is escaped so that no text in the JSON can end the block.
 */
async function earlyRequestTags(earlyRequestsFor, path) {
  const config = await earlyRequestsFor(path);
  if (config.requests.length === 0) return '';
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return [
    `    <script type="application/json" id="${EARLY_REQUESTS_ELEMENT_ID}">${json}</script>`,
    `    <script type="module" async crossorigin src="/${askEarly.file}"></script>`,
  ].join('\n');
}

// Rendering in Node: the components' layout effects would only warn here.
const warn = console.error;
console.error = (message, ...rest) => {
  if (typeof message === 'string' && message.includes('useLayoutEffect does nothing on the server')) return;
  warn(message, ...rest);
};

const shells = [];
mkdirSync(join(dist, 'shells'), { recursive: true });
for (const { path, location, signedIn, title: shellTitle } of PRERENDERED_ROUTES) {
  const { renderRoute, earlyRequestsFor } = await freshRenderer(path);
  const early = signedIn ? await earlyRequestTags(earlyRequestsFor, path) : '';
  const rendered = await renderRoute(location, signedIn);
  const { html } = rendered;
  // A page names itself as it renders; one whose name waits for its data takes its route's.
  const title = rendered.title ?? shellTitle;
  const links = preloadLinks(location, signedIn);
  const page = template
    .replace(TITLE, (tag) => (title ? `<title>${escapeHtml(title)}</title>` : tag))
    // Before the app's scripts, so the parser finds it first.
    .replace(/\n\s*<script type="module"/, (tag) => (early ? `\n${early}${tag}` : tag))
    .replace(ROOT_DIV, () => `<div id="root">${html}</div>`)
    .replace('  </head>', `${links ? `${links}\n` : ''}  </head>`);
  const file = `shells/${path === '/' ? 'index' : path.slice(1).replace(/[/:]+/g, '-')}.html`;
  writeFileSync(join(dist, file), page);
  shells.push({ path, file });
  console.log(`prerendered ${path} -> dist/${file} (${(page.length / 1024).toFixed(1)} KB)`);
}
writeFileSync(join(dist, 'shells.json'), `${JSON.stringify(shells, null, 2)}\n`);
rmSync(ssrDir, { recursive: true, force: true });
