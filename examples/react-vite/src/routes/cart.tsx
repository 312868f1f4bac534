import { CartPage } from 'storefront-widgets/cart-page';
import 'storefront-widgets/styles/cart-page.css';
import { instalments } from '../instalments';

export function Component() {
  return (
    <main>
      <h1>Your cart</h1>
      <CartPage instalments={instalments} />
    </main>
  );
}
