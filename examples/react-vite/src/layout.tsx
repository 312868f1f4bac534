import { Link, Outlet } from 'react-router';
import { StorefrontProvider } from 'storefront-widgets';
import { CartPill } from 'storefront-widgets/cart-pill';
import 'storefront-widgets/styles/cart-pill.css';

/**
 * Where the reference server's API lives. Run it with `--cors http://localhost:5173` so this
 * dev server (another origin) may call it with the shopper's cookies.
 */
const API_ROOT = import.meta.env.VITE_SF_API_ROOT ?? 'http://localhost:4173/api/';

/**
 * Every route's frame: the provider, the shop's links and the cart pill. The routes' widgets load
 * with their routes (./main.tsx), so the first page carries the pill's code and no other widget's.
 * The provider sits inside the router so that it can be handed the router's navigation (the
 * provider's `paths` and `navigate`, once the package has them) and the pill then moves in-app.
 */
export function Layout() {
  return (
    <StorefrontProvider apiRoot={API_ROOT}>
      <header>
        <nav aria-label="Shop">
          <Link to="/">Shop</Link> <Link to="/contact">Contact</Link>
        </nav>
        <CartPill />
      </header>
      <Outlet />
    </StorefrontProvider>
  );
}
