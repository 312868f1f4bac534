import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { instalmentOffer } from '../../src/commerce/instalments.js';
import {
  instalmentPrice,
  instalmentText,
  qualifiesForInstalments,
} from '../../src/commerce/instalment-price.js';
import { isDarkColor } from '../../src/constants.js';
import { EVENTS, PRODUCT_BLOCK_ATTR } from '../../src/contract.js';
import { followsChoice, type ProductChoice } from '../../src/page/choices.js';
import { useStorefront } from '../../src/react/provider.js';
import { useSameItem } from '../../src/react/use-same-item.js';
import type { InstalmentInfoPopup as InstalmentInfoPopupType } from './info-popup.js';
import { brandName, instalmentPillMessages } from './messages.js';
import { parseVariantChange, type Choice, type InstalmentPillProps } from './props.js';

export const WIDGET = 'instalment-pill';

const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/;

/**
 * Whether the background behind an element is dark (spec 001 §9: luma below 0.65 of 255): the
 * computed background of the nearest ancestor that paints one. Nothing painted is the white
 * canvas; a colour the browser reports in another notation is looked through.
 */
export function onDarkBackground(el: Element | null): boolean {
  for (let node = el; node; node = node.parentElement) {
    const m = RGB.exec(getComputedStyle(node).backgroundColor);
    if (!m) continue;
    const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] === '%' ? 100 : 1);
    if (alpha === 0) continue;
    return isDarkColor(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  return false;
}

/** The product block around an element; events from elsewhere in it concern this pill. */
const blockOf = (node: unknown): Element | null =>
  node instanceof Element ? node.closest(`[${PRODUCT_BLOCK_ATTR}]`) : null;

const NO_CHOICE: Choice = { variant: null, quantity: 1 };

// The popup's code (the build asks for the lightbox it imports beside it: `parallelImports` in
// vite.config.ts). Loaded when the shopper reaches for the pill (a pointer over it, focus on its
// button) or clicks it; a failed load is forgotten, so the next try loads again.
let popupCode: Promise<typeof import('./info-popup.js')> | null = null;
const loadPopup = (): Promise<typeof import('./info-popup.js')> =>
  (popupCode ??= import('./info-popup.js').catch((error: unknown) => {
    popupCode = null;
    throw error;
  }));
const preparePopup = (): void => {
  loadPopup().catch(() => undefined);
};

/**
 * The package's instalment pill: {@link InstalmentPillBody}, given the item it already has while a
 * theme's fresh parse of it (in a route's render) says the same, so the pill follows the choice
 * of one item, not of every new object. The script tag's block mounts the body, its item parsed
 * once.
 */
export function InstalmentPill(props: InstalmentPillProps) {
  const item = useSameItem(props.item);
  // Another product starts afresh: the last one's choice (its variant, its quantity) is not this one's.
  return <InstalmentPillBody key={item.id} {...props} item={item} />;
}

/**
 * The instalment pill (spec 000 §3-§5, §7-§9): for a physical product, "or 4 interest-free
 * payments of $6.25 with" and the brand while the price is in the provider's range, else the
 * range text. It follows the product form of its block (`sf:variant-change`): the chosen
 * variant's price times the quantity, the lowest price before a complete choice. A click on the
 * pill or its info button opens the provider's info popup. Nothing shows when the provider is
 * unavailable or does not serve the shopper's locale; a context that does not read is reported.
 */
export function InstalmentPillBody({ item, instalments, count, strings }: InstalmentPillProps) {
  const { context, reporter, choices } = useStorefront();
  const m = useMemo(() => instalmentPillMessages(strings), [strings]);
  const root = useRef<HTMLDivElement>(null);
  // The product block the pill sits in, kept while a choice without a price hides the pill.
  const block = useRef<Element | null>(null);
  const infoButton = useRef<HTMLButtonElement>(null);
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  const [dark, setDark] = useState(false);
  const [Popup, setPopup] = useState<typeof InstalmentInfoPopupType | null>(null);
  const [open, setOpen] = useState(false);

  const offer =
    instalments.ok && qualifiesForInstalments(item)
      ? instalmentOffer(instalments.value, context.features)
      : null;
  const price = offer ? instalmentPrice(item, choice.variant, choice.quantity) : null;
  // A range in another currency than the product cannot be compared: the context is wrong.
  const problem = !instalments.ok
    ? instalments.issues.join('; ')
    : offer && price && price.currency !== offer.min.currency
      ? `the range is in ${offer.min.currency}, the product in ${price.currency}`
      : null;

  useEffect(() => {
    if (problem === null) return;
    reporter.report(new Error(`${WIDGET}: bad instalment context: ${problem}`), {
      widget: WIDGET,
      code: 'INSTALMENT_CONTEXT_INVALID',
    });
  }, [problem, reporter]);

  const shown = offer !== null && price !== null && problem === null;
  const listening = offer !== null;

  // The product form's choice, as the page runtime holds it (how a React app's pill follows its
  // form) or as `sf:variant-change` announces it (a theme's own announcements too). Another block
  // with the same product (a card, a quick view) has its own choice.
  useEffect(() => {
    if (!listening) return undefined;
    const follow = (detail: unknown, from: Element | null) => {
      if (!followsChoice(block.current, from)) return;
      const next = parseVariantChange(item, detail);
      if (!next) return;
      setChoice((prev) => (prev.variant === next.variant && prev.quantity === next.quantity ? prev : next));
    };
    const onChange = (event: Event) => follow((event as CustomEvent<unknown>).detail, blockOf(event.target));
    const fromRuntime = ({ variant, quantity, scope }: ProductChoice) =>
      follow({ itemId: item.id, variant, quantity }, scope);
    const made = choices.get(item.id);
    if (made) fromRuntime(made);
    const unsubscribe = choices.subscribe(item.id, fromRuntime);
    document.addEventListener(EVENTS.variantChange, onChange);
    return () => {
      unsubscribe();
      document.removeEventListener(EVENTS.variantChange, onChange);
    };
  }, [choices, item, listening]);

  // Read once the pill is in the page, before it paints, so the button never flashes dark on dark.
  useLayoutEffect(() => {
    if (!shown) return;
    block.current = blockOf(root.current);
    setDark(onDarkBackground(root.current));
  }, [shown]);

  if (!shown) return null;

  const brand = brandName(offer.brand, m);
  const text = (inline: boolean) =>
    instalmentText({
      price,
      min: offer.min,
      max: offer.max,
      count,
      inline,
      locale: context.locale,
      messages: m,
    });
  const infoLabel = m.t('instalmentInfo', { brand });

  const openInfo = async () => {
    if (open) return;
    try {
      const mod = await loadPopup();
      setPopup(() => mod.InstalmentInfoPopup);
      setOpen(true);
    } catch (error) {
      reporter.report(error, { widget: WIDGET, code: 'CHUNK_LOAD_FAILED' });
    }
  };

  return (
    <>
      {/* A click anywhere on the pill opens the popup; keyboard users have the info button. */}
      <div
        ref={root}
        className={dark ? 'sf-instalment-pill sf-instalment-pill--on-dark' : 'sf-instalment-pill'}
        onClick={() => void openInfo()}
        onPointerEnter={preparePopup}
        onFocusCapture={preparePopup}
      >
        <span className="sf-instalment-pill__text">{text(true)}</span>{' '}
        <button
          ref={infoButton}
          type="button"
          className="sf-instalment-pill__button"
          aria-label={infoLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
        >
          {/* The info mark is drawn by the stylesheet, so the button's visible text is the brand
              alone and its name ("About Afterpay") holds all of it. */}
          <span className="sf-instalment-pill__brand">{brand}</span>
        </button>
      </div>
      {open && Popup && (
        <Popup
          locale={offer.locale}
          pageLocale={context.locale}
          strings={strings}
          summary={text(false)}
          returnFocus={infoButton}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
