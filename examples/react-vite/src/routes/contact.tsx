import { SiteForm } from 'storefront-widgets/site-form';
import 'storefront-widgets/styles/site-form.css';

export function Component() {
  return (
    <main>
      <h1>Contact</h1>
      <SiteForm formId="form-contact" />
    </main>
  );
}
