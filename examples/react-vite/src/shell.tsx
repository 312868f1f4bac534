import { Route, Routes } from 'react-router';
import { Layout } from './layout';
import { Component as Shop } from './routes/shop';

/**
 * The listing in its layout, as the server renders it (./server.tsx) and the browser hydrates it
 * (./main.tsx, when the page holds the server's HTML): the same tree on both sides, under each
 * side's router. It holds the listing alone: a sketch of the server's side, not a second router.
 */
export function Shell() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Shop />} />
      </Route>
    </Routes>
  );
}
