import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Workspace libraries expose a `source` condition pointing at src/index.ts, so the web builds them from source.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what scripts/route-bytes.mjs reads to tell what each route loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 30,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect)[\\/]/,
              priority: 25,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            // Only what the entry imports statically: libraries of lazily loaded screens (forms, charts) stay with
            // those screens instead of in every page's first load.
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 15 },
            // Charts (recharts and the dependencies it does not share with the entry) are on admin screens only.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
