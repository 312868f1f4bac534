import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './layout';

// Each route's module, and the widgets it imports, loads when the route is first visited.
const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('./routes/shop') },
      { path: 'products/:id', lazy: () => import('./routes/product') },
      { path: 'cart', lazy: () => import('./routes/cart') },
      { path: 'checkout', lazy: () => import('./routes/checkout') },
      { path: 'contact', lazy: () => import('./routes/contact') },
    ],
  },
]);

const host = document.getElementById('root');
if (host?.firstElementChild) {
  // A server rendered the listing into the page (./server.tsx): the same tree takes it over.
  void import('./shell').then(({ Shell }) =>
    hydrateRoot(
      host,
      <StrictMode>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
} else if (host) {
  createRoot(host).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
