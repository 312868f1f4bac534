import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StorefrontProvider } from 'storefront-widgets';
import 'storefront-widgets/styles/cart-pill.css';
import 'storefront-widgets/styles/product-form.css';
import 'storefront-widgets/styles/instalment-pill.css';
import 'storefront-widgets/styles/cart-page.css';
import 'storefront-widgets/styles/site-form.css';
import { App } from './app';

/**
 * Where the reference server's API lives. Run it with `--cors http://localhost:5173` so this
 * dev server (another origin) may call it with the shopper's cookies.
 */
const API_ROOT = import.meta.env.VITE_SF_API_ROOT ?? 'http://localhost:4173/api/';

const host = document.getElementById('root');
if (host) {
  createRoot(host).render(
    <StrictMode>
      <StorefrontProvider apiRoot={API_ROOT}>
        <App />
      </StorefrontProvider>
    </StrictMode>,
  );
}
