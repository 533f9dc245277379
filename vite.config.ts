import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheOnlyOfflineStart } from './scripts/offlineStartFiles';
import { precompress } from './scripts/precompress';

const apiTarget = `http://127.0.0.1:${process.env.PATIO_API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The manifest is served per college by the server (server/colleges/manifest.ts).
      manifest: false,
      // Only what the first offline start needs; the rest is cached on first use (docs/offline-start.md).
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [precacheOnlyOfflineStart('dist')],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    // .br and .gz beside the build's text files, served by server/http/staticFiles.ts.
    precompress(),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, manifest: true },
  server: {
    // The API runs behind the dev server; Host is kept so tenants resolve as in production.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sanctum': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/colleges': { target: apiTarget, changeOrigin: false },
      '/manifest.webmanifest': { target: apiTarget, changeOrigin: false },
    },
  },
});
