import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Shell } from './shell';

/**
 * The listing's HTML for `url`, rendered on the server: the cart pill is a plain link to the cart
 * until the page hydrates (./main.tsx). Built with `vite build --ssr src/server.tsx`.
 */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <Shell />
      </StaticRouter>
    </StrictMode>,
  );
}
