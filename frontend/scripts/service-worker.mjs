/**
 * The installable app's last build step: writes the home-screen icons (dist/icons/*.png, drawn by
 * sharp from public/favicon.svg) and the service worker (dist/sw.js, Workbox's generateSW).
 *
 * It runs after the page shells are prerendered (scripts/prerender.mjs rewrites dist/index.html),
 * so the worker precaches the index.html the server sends and not the one vite wrote first; that
 * is why the worker is made here rather than by a Vite plugin inside `vite build`.
 *
 * What the worker does (see docs/offline.md):
 * - precaches the app's own build (index.html, every script, stylesheet and font of the app
 *   build's manifest, the icons and the web app manifest), not the GraphQL playground's;
 * - answers a page (a navigation) from the server as without it and, only when the server
 *   cannot be reached, with the page's precached shell (dist/shells.json: the HTML the server
 *   sends for that route, so the page paints before the script has run) or else the precached
 *   index.html: the app then starts offline;
 * - leaves /api, /graphql and /uploads alone: the app keeps what it needs offline itself.
 */
import { readFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateSW } from 'workbox-build';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

/** The brand's blue (index.html's theme-color, the manifest's theme and background). */
const BRAND = '#215db0';

async function writeIcons() {
  const logo = readFileSync(join(root, 'public/favicon.svg'));
  mkdirSync(join(dist, 'icons'), { recursive: true });
  for (const size of [192, 512]) {
    await sharp(logo, { density: (72 * size) / 32 }).resize(size, size).png().toFile(join(dist, `icons/icon-${size}.png`));
  }
  // A maskable icon is cut to a circle or squircle by the phone: the logo sits inside the 80% safe zone on a full-bleed background.
  const size = 512;
  const inner = Math.round(size * 0.7);
  const glyph = await sharp(logo, { density: (72 * inner) / 32 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: glyph, gravity: 'center' }])
    .png()
    .toFile(join(dist, 'icons/icon-maskable-512.png'));
}

/** The app build's own files (the playground's are not in its manifest), each once. */
function appFiles() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  for (const chunk of Object.values(manifest)) {
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return [...files].filter((file) => file !== 'index.html' && statSync(join(dist, file), { throwIfNoEntry: false }));
}

/**
 * The page shells the server answers routes with (scripts/prerender.mjs), each as a pattern of the
 * full URL Workbox matches a route's RegExp against: Express's path, a `:param` one segment, an
 * optional trailing slash, any query.
 */
function pageShells() {
  const shells = JSON.parse(readFileSync(join(dist, 'shells.json'), 'utf8'));
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return shells.map(({ path, file }) => ({
    file,
    pattern: new RegExp(`^https?://[^/]+${path.split('/').map((part) => (part.startsWith(':') ? '[^/?#]+' : escape(part))).join('/')}/?(?:[?#].*)?$`),
  }));
}

/** Every page the worker may answer with no network: its own shell, else (a route without one) index.html. */
function offlinePages() {
  const isPage = ({ request, url }) => request.mode === 'navigate' && !/^\/(?:api|graphql|uploads)(?:\/|$)/.test(url.pathname);
  return [
    // Before the catch-all, in the server's order. A RegExp route matches any request to the URL; only pages are asked for at these.
    ...pageShells().map(({ file, pattern }) => ({ urlPattern: pattern, handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: `/${file}` } } })),
    { urlPattern: isPage, handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: '/index.html' } } },
  ];
}

await writeIcons();

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ['index.html', 'shells/*.html', 'favicon.svg', 'manifest.webmanifest', 'icons/*.png', ...appFiles()],
  swDest: join(dist, 'sw.js'),
  // One file: the Workbox runtime would otherwise be a second script beside it.
  inlineWorkboxRuntime: true,
  mode: 'production',
  sourcemap: false,
  // The hashed assets' names change with their content: no revision query is needed to tell versions apart.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  // A new build takes over at once (the pages come from the server anyway), and the old build's copies are dropped.
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // Every page comes from the server as without a worker; when the server cannot be reached, the precached app starts instead.
  runtimeCaching: offlinePages(),
});
for (const warning of warnings) console.warn(`service-worker: ${warning}`);
console.log(`service-worker: dist/sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KB); icons in dist/icons`);
