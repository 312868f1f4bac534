/**
 * Vite leaves library ES output unminified (whitespace kept, for the pure annotations a consumer's
 * bundler reads). The template engine ships minified: it runs as it is on servers and in browsers,
 * and a bundler has nothing to shake out of it (render() reaches every formatter). So its build's
 * chunks are minified here, after Vite's own pass, which would print them again.
 */
import { minifySync } from 'rolldown/experimental';
import type { Plugin } from 'vite';

export function minifyChunks(): Plugin {
  return {
    name: 'sf-minify-chunks',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = minifySync(chunk.fileName, chunk.code).code;
      }
    },
  };
}
