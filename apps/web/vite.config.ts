import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { siteName } from '../../packages/domain/src/site.ts';

/** Puts the one company name into index.html's title. */
function siteNamePlugin(): Plugin {
  return {
    name: 'site-name',
    transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', siteName),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), siteNamePlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
