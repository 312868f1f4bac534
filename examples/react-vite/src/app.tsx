import { useState } from 'react';
import {
  CartPage,
  CartPill,
  InstalmentPill,
  ProductForm,
  SiteForm,
  parseInstalmentContext,
  parseProductItem,
  type Variant,
} from 'storefront-widgets';
import tee from './tee.json';

// Parsed once, outside the components: the props then keep their identity between renders.
const parsed = parseProductItem(tee);
if (!parsed.ok) throw new Error(`The product does not read: ${parsed.issues.join('; ')}`);
const item = parsed.value;

/** The instalment provider's terms for this shop (spec 000 §3): $20.00 to $1,000.00 in the US. */
const instalments = parseInstalmentContext({
  afterPayAvailable: true,
  afterPayMin: { value: '20.00', currency: 'USD' },
  afterPayMax: { value: '1000.00', currency: 'USD' },
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
});

function ProductPage() {
  // Inline arrows that set state, as any React app writes them.
  const [variant, setVariant] = useState<Variant | null>(null);
  const [changes, setChanges] = useState(0);
  return (
    <main>
      <h1>{item.title}</h1>
      <ProductForm
        item={item}
        onVariantChange={(next) => setVariant(next)}
        onChoiceChange={() => setChanges((n) => n + 1)}
      />
      <InstalmentPill item={item} instalments={instalments} />
      <p>
        <output aria-label="Chosen variant">{variant?.sku ?? 'none'}</output>{' '}
        <output aria-label="Choice changes">{changes}</output>
      </p>
    </main>
  );
}

const PAGES: Record<string, () => React.JSX.Element> = {
  '/': ProductPage,
  '/cart': () => (
    <main>
      <h1>Your cart</h1>
      <CartPage instalments={instalments} />
    </main>
  ),
  '/contact': () => (
    <main>
      <h1>Contact</h1>
      <SiteForm formId="form-contact" />
    </main>
  ),
};

export function App() {
  const Page = PAGES[window.location.pathname] ?? ProductPage;
  return (
    <>
      <header>
        <nav aria-label="Shop">
          <a href="/">Shop</a> <a href="/contact">Contact</a>
        </nav>
        <CartPill />
      </header>
      <Page />
    </>
  );
}
