// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyId } from '../../scripts/copied-modules.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('a copied module, copied into each module that imports it', () => {
  it('names each copy by the module that imports it', () => {
    const readers = path.resolve(root, 'src/readers.ts');
    const parse = copyId(readers, path.resolve(root, 'src/api/parse.ts'));
    const schema = copyId(readers, path.resolve(root, 'src/api/form-schema.ts'));
    expect(parse).toBe(`${readers}?sf-copy=src_api_parse.ts`);
    expect(schema).not.toBe(parse);
    // An importer that is itself a module id with a query is named by its file.
    expect(copyId(readers, `${path.resolve(root, 'src/api/parse.ts')}?x=1`)).toBe(parse);
    // A copy imported by a copy is that copy's own: two copies of the importer get two copies.
    const texts = path.resolve(root, 'src/react/ui/messages.ts');
    const fields = path.resolve(root, 'src/messages/fields.ts');
    const inCartPage = copyId(texts, path.resolve(root, 'widgets/cart-page/messages.ts'));
    const inSiteForm = copyId(texts, path.resolve(root, 'widgets/site-form/messages.ts'));
    expect(copyId(fields, inCartPage)).toBe(
      `${fields}?sf-copy=src_react_ui_messages.ts__widgets_cart-page_messages.ts`,
    );
    expect(copyId(fields, inCartPage)).not.toBe(copyId(fields, inSiteForm));
  });
});
