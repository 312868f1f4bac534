/** Where the provider's `paths.checkout` sends the shopper: the app's own checkout page. */
export function Component() {
  return (
    <main>
      <h1>Checkout</h1>
    </main>
  );
}
