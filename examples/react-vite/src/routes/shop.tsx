import { Link } from 'react-router';
import { LISTING } from '../products';

/** The listing: the first page, which needs no widget but the layout's pill. */
export function Component() {
  return (
    <main>
      <h1>Trail shop</h1>
      <ul aria-label="Products">
        {LISTING.map((product) => (
          <li key={product.id}>
            <Link to={product.url}>{product.title}</Link>
            <p>{product.excerpt}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
