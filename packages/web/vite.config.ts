import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { endpointMetadata } from './vite-endpoint-metadata.ts';
import { webSrcAlias } from './vite-alias.ts';

export default defineConfig({
  resolve: { alias: webSrcAlias },
  plugins: [
    endpointMetadata(),
    react(),
    tailwindcss(),
    VitePWA({
      // Our own code registers /sw.js after the window's load event (src/lib/service-worker.ts).
      injectRegister: false,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Verdant',
        short_name: 'Verdant',
        description: 'Rooms, scans, batches and tasks for plant-growing facilities.',
        theme_color: '#16643f',
        background_color: '#fafaf9',
        display: 'standalone',
        start_url: '/dashboard/quickview',
        scope: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // The ONNX classifier's worker loads onnxruntime-web on first use (a dynamic import): ES workers split.
  worker: { format: 'es' },
  // onnxruntime-web finds its WASM beside its own module (new URL(…, import.meta.url)); pre-bundling would move it.
  optimizeDeps: { exclude: ['onnxruntime-web'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle-size.ts reads which chunks each route loads from dist/.vite/manifest.json.
    manifest: true,
  },
});
