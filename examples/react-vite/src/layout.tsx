import { Link, Outlet, useNavigate } from 'react-router';
import { StorefrontProvider } from 'storefront-widgets';
import { CartPill } from 'storefront-widgets/cart-pill';
import 'storefront-widgets/styles/cart-pill.css';

/**
 * Where the reference server's API lives. Run it with `--cors http://localhost:5173` so this
 * dev server (another origin) may call it with the shopper's cookies.
 */
const API_ROOT = import.meta.env.VITE_SF_API_ROOT ?? 'http://localhost:4173/api/';

/**
 * This app's routes for the widgets' links: the cart route, and a checkout page of the app's
 * own (a shop hosted elsewhere would give its checkout's full address here).
 */
const PATHS = { cart: '/cart', checkout: '/checkout', continueShopping: '/' };

/**
 * Every route's frame: the provider, the shop's links and the cart pill. The routes' widgets load
 * with their routes (./main.tsx), so the first page carries the pill's code and no other widget's.
 * The provider sits inside the router so that it is handed the router's `navigate`: the pill,
 * Continue Shopping and Checkout then move in-app, without a page load.
 */
export function Layout() {
  const navigate = useNavigate();
  return (
    <StorefrontProvider apiRoot={API_ROOT} paths={PATHS} navigate={(path) => void navigate(path)}>
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
