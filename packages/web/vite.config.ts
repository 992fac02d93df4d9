import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { budget } from './build/budget.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), budget()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  // Source maps are built for debugging, but the server answers 404 for them unless SERVE_SOURCE_MAPS=true.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
