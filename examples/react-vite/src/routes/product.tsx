import { useState } from 'react';
import { useParams } from 'react-router';
import { parseProductItem, type Variant } from 'storefront-widgets';
import { InstalmentPill } from 'storefront-widgets/instalment-pill';
import { ProductForm } from 'storefront-widgets/product-form';
import 'storefront-widgets/styles/product-form.css';
import 'storefront-widgets/styles/instalment-pill.css';
import { instalments } from '../instalments';
import { findProduct } from '../products';

/** The product route: the item parsed in render from the route's id, the form and the instalment pill. */
export function Component() {
  const { id } = useParams();
  // A fresh parse each render: the widgets compare items by id and content, so this settles.
  const parsed = parseProductItem(findProduct(id));
  // Inline arrows that set state, as any React app writes them.
  const [variant, setVariant] = useState<Variant | null>(null);
  const [changes, setChanges] = useState(0);
  if (!parsed.ok) {
    return (
      <main>
        <h1>Product not found</h1>
      </main>
    );
  }
  const item = parsed.value;
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
