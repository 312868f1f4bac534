import tee from './tee.json';

/** The shop's products as the platform's JSON gives them, by id (a real app fetches these). */
const PRODUCTS: Readonly<Record<string, unknown>> = { [tee.id]: tee };

/** The listing's rows: what a card shows, read from the same JSON. */
export const LISTING = [{ id: tee.id, title: tee.title, excerpt: tee.excerpt, url: `/products/${tee.id}` }];

export const findProduct = (id: string | undefined): unknown => (id ? PRODUCTS[id] : undefined);
