import { defineConfig } from 'vite';

// Vite turns the .tsx files into React 19's automatic JSX on its own (tsconfig "jsx"); no plugin
// is needed for a production build. Add @vitejs/plugin-react for fast refresh in `npm run dev`.
export default defineConfig({
  server: { port: 5173 },
  preview: { port: 5173 },
});
