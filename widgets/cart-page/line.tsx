import { optionName } from '../../src/messages/format.js';
import { pageOrImageUrl, sitePath, webAddress } from '../../src/urls.js';
import type { CartEntry } from '../../src/store/types.js';
import type { CartPageMessages } from './messages.js';
import { Quantity } from './quantity.js';
import { prepareEdit, type EntryAnswer } from './edit-answers.js';

/**
 * The entry's picture (`pageOrImageUrl`: never `javascript:`, `data:text/html`, `/\host`). A
 * path on the site is the API's: with an `apiRoot` on another origin (an app on its own dev
 * server) it is read on that origin, not on the app's.
 */
export function entryImage(url: unknown, apiRoot: string): string | null {
  const src = pageOrImageUrl(url);
  return src !== null && sitePath(src) !== null && webAddress(apiRoot) !== null
    ? new URL(src, apiRoot).href
    : src;
}

interface LineProps {
  readonly entry: CartEntry;
  /** Another line has the same title: the controls' labels name the variant too. @default false */
  readonly sharesTitle?: boolean;
  /** The entry's image address, checked ({@link entryImage}); null shows none. */
  readonly image: string | null;
  readonly m: CartPageMessages;
  readonly busy: boolean;
  readonly lineTotal: string;
  readonly unitPrice: string;
  /** The entry title's element: one level below the page's title. */
  readonly EntryTitle: 'h2' | 'h3';
  readonly answers: readonly EntryAnswer[];
  /** Settles once the server has answered the change. */
  readonly onQuantity: (quantity: number) => Promise<void>;
  readonly onRemove: () => void;
  readonly onEdit: () => void;
}

/**
 * One entry's row: image, title, chosen variant, unit price, answered fields, quantity, line total
 * and the entry's actions. While a change of the entry waits for the server, its actions wait too.
 */
export function Line({
  entry,
  sharesTitle = false,
  image,
  m,
  busy,
  lineTotal,
  unitPrice,
  EntryTitle,
  answers,
  onQuantity,
  onRemove,
  onEdit,
}: LineProps) {
  const attributes = Object.entries(entry.chosenVariant?.attributes ?? {});
  const variant = attributes
    .map(([name, value]) => m.t('variantAttribute', { name: optionName(name), value }))
    .join(m.t('attributeSeparator'));
  // Two lines of one title (an item in two variants): each control names its own line
  // (Remove Tee (Size: M)); otherwise the title alone.
  const title =
    sharesTitle && variant !== '' ? m.t('entryName', { title: entry.title, variant }) : entry.title;
  const guard = (fn: () => void) => () => {
    if (!busy) fn();
  };
  return (
    <li className="sf-cart-entry" aria-busy={busy}>
      {image !== null && <img className="sf-cart-entry__image" src={image} alt="" />}
      <div className="sf-cart-entry__details">
        <EntryTitle className="sf-cart-entry__title">{entry.title}</EntryTitle>
        {variant !== '' && <p className="sf-cart-entry__variant">{variant}</p>}
        <p className="sf-cart-entry__unit">{m.t('unitPrice', { price: unitPrice })}</p>
        {answers.length > 0 && (
          <ul className="sf-cart-entry__answers">
            {answers.map((a) => (
              <li key={a.id}>{m.t('formAnswer', { title: a.title, answer: a.text })}</li>
            ))}
          </ul>
        )}
      </div>
      <Quantity entry={entry} title={title} m={m} busy={busy} onQuantity={onQuantity} onRemove={onRemove} />
      <p className="sf-cart-entry__total">
        <span className="sf-visually-hidden">{m.t('lineTotal')} </span>
        {lineTotal}
      </p>
      <div className="sf-cart-entry__actions">
        {entry.additionalFieldsFormId && (
          <button
            type="button"
            className="sf-button sf-button--secondary"
            aria-label={m.t('editFormOf', { title })}
            aria-disabled={busy || undefined}
            onPointerEnter={prepareEdit}
            onFocus={prepareEdit}
            onClick={guard(onEdit)}
          >
            {m.t('editForm')}
          </button>
        )}
        <button
          type="button"
          className="sf-button sf-button--secondary"
          aria-label={m.t('removeItem', { title })}
          aria-disabled={busy || undefined}
          onClick={guard(onRemove)}
        >
          {m.t('remove')}
        </button>
      </div>
    </li>
  );
}
