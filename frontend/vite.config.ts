import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const backend = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // The schema package's `main` is CommonJS for the server; the client
    // bundles its TypeScript source so the shared rules tree-shake.
    alias: [{ find: /^@stockroom\/schema$/, replacement: fromHere('../schema/src/index.ts') }],
  },
  server: { proxy: { '/graphql': backend, '/api': backend, '/uploads': backend } },
  preview: { proxy: { '/graphql': backend, '/api': backend, '/uploads': backend } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Only browsers with native module preload are targeted; the polyfill
    // would also be one more script for the CSP to reason about.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        app: fromHere('index.html'),
        playground: fromHere('playground.html'),
      },
      output: {
        // Icon components shared by several lazy pages would each become a
        // tiny chunk of their own (one more request per icon); they go in one.
        manualChunks: (id) => (id.includes('@blueprintjs/icons/lib/esm/generated/components/') ? 'icons' : undefined),
      },
    },
  },
});
