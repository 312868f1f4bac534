/**
 * The instalment info popup, loaded on the first open of a pill: the order's line and a link to
 * the provider's own terms for the locale (./terms.ts) in the shared lightbox. Texts of the
 * merchant's own come from the site context's `instalmentTextsUrl` (spec 000 §7's static info
 * page, chosen by locale; docs/decisions.md gives the shape); without one, or when it fails, the
 * popup words nothing of the terms itself. A page that never opens it downloads neither this
 * module nor the lightbox.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { INSTALMENTS } from '../../src/constants.js';
import { useStorefront } from '../../src/react/provider.js';
import { Lightbox } from '../../src/react/ui/lightbox.js';
import { brandName, instalmentPillMessages } from './messages.js';
import { instalmentTermsUrl } from './terms.js';
import { instalmentTextsLocale } from './texts-locale.js';

/** The texts of one provider locale, as the info page serves them. */
export interface InstalmentInfo {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

/** Give up on the texts after this long; the popup keeps what it has. */
const TIMEOUT_MS = 10_000;

const cache = new Map<string, Promise<InstalmentInfo | null>>();

const readInfo = (raw: unknown): InstalmentInfo | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const { title, paragraphs } = raw as Record<string, unknown>;
  if (typeof title !== 'string' || !Array.isArray(paragraphs)) return null;
  return { title, paragraphs: paragraphs.filter((p): p is string => typeof p === 'string') };
};

/** The texts' address for a locale: `{locale}` in the configured URL replaced by it. */
export const instalmentTextsAddress = (template: string, locale: string): string =>
  template.replaceAll('{locale}', encodeURIComponent(locale));

/**
 * The provider's texts for a locale (`en-US`) from the configured URL (`instalmentTextsUrl` of the
 * site context), fetched once per page. A failure resolves to null and only logs a warning (spec
 * 000 §8); it is forgotten, so the next open tries again.
 */
export function loadInstalmentInfo(
  template: string,
  locale: string,
  fetchImpl: typeof fetch = fetch,
): Promise<InstalmentInfo | null> {
  const url = instalmentTextsAddress(template, locale);
  let pending = cache.get(url);
  if (!pending) {
    pending = (async () => {
      try {
        const response = await fetchImpl(url, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const info = readInfo(await response.json());
        if (!info) throw new Error('unexpected response');
        return info;
      } catch (error) {
        cache.delete(url);
        console.warn(`[storefront] instalment-pill: could not load ${url}: ${String(error)}`);
        return null;
      }
    })();
    cache.set(url, pending);
  }
  return pending;
}

export interface InstalmentInfoPopupProps {
  /** The provider locale of the offer. */
  readonly locale: string;
  /** The page's locale: the texts are shown in its language where the server has them. @default locale */
  readonly pageLocale?: string | undefined;
  /** The pill's text overrides, which reach the popup's own lines too. @default {} */
  readonly strings?: Readonly<Record<string, string>> | undefined;
  /** The pill's own line for this order, shown first. */
  readonly summary: string;
  /** Where focus goes on close: the pill's info button, whichever part of the pill was clicked. */
  readonly returnFocus: RefObject<HTMLElement | null>;
  /** Told when the popup closes; focus is seen to here. */
  readonly onClose: () => void;
}

/**
 * A modal dialog: Escape, the close button and a click outside close it, focus returns to the
 * button that opened it. The merchant's texts arrive as plain strings and are shown as text; the
 * provider's terms are a link, whatever the texts do.
 */
export function InstalmentInfoPopup({
  locale: offerLocale,
  pageLocale = offerLocale,
  strings,
  summary,
  returnFocus,
  onClose,
}: InstalmentInfoPopupProps) {
  const { context } = useStorefront();
  const template = context.instalmentTextsUrl;
  const [info, setInfo] = useState<InstalmentInfo | null>(null);
  // The offer's country in the page's language (de-US), where the texts exist in it.
  const locale = instalmentTextsLocale(offerLocale, pageLocale);
  useEffect(() => {
    if (template === undefined) return;
    let live = true;
    void loadInstalmentInfo(template, locale).then((loaded) => {
      if (!live) return;
      setInfo(loaded);
    });
    return () => {
      live = false;
    };
  }, [template, locale]);
  // The pill's catalogue with the page's overrides: the dialog is named as the pill's info button.
  const pill = useMemo(() => instalmentPillMessages(strings), [strings]);
  const brandKey = INSTALMENTS.brandByLocale[offerLocale as keyof typeof INSTALMENTS.brandByLocale];
  const brand = brandName(brandKey ?? 'afterpay', pill);
  const terms = instalmentTermsUrl(offerLocale, context.instalmentTermsUrl);

  const close = () => {
    onClose();
    // A click outside closes on mousedown, and the browser then gives focus to what was clicked:
    // the page itself for a spot that takes none. The button gets it back in that case.
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) returnFocus.current?.focus({ preventScroll: true });
    }, 0);
  };

  return (
    <Lightbox
      open
      title={pill.t('instalmentInfo', { brand })}
      closeLabel={pill.t('close')}
      onClose={close}
      returnFocus={returnFocus}
    >
      <div className="sf-instalment-info">
        <p className="sf-instalment-info__summary">{summary}</p>
        {info && (
          <>
            <h3 className="sf-instalment-info__title">{info.title}</h3>
            {info.paragraphs.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </>
        )}
        {terms !== null && (
          <p className="sf-instalment-info__terms">
            <a href={terms} target="_blank" rel="noopener noreferrer">
              {pill.t('instalmentTerms', { brand })}
            </a>
          </p>
        )}
      </div>
    </Lightbox>
  );
}

export default InstalmentInfoPopup;
