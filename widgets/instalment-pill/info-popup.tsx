/**
 * The instalment info popup, loaded on the first open of a pill: the provider's texts from the
 * static info page of spec 000 §7 (`/instalments/<locale>.json`) in the shared lightbox. A page that
 * never opens it downloads neither this module nor the lightbox.
 */
import { useEffect, useState, type RefObject } from 'react';
import { PATHS } from '../../src/contract.js';
import { Lightbox } from '../../src/react/ui/lightbox.js';
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

/**
 * The provider's texts for a locale (`en-US`), fetched once per page. A failure resolves to null
 * and only logs a warning (spec 000 §8); it is forgotten, so the next open tries again.
 */
export function loadInstalmentInfo(
  locale: string,
  fetchImpl: typeof fetch = fetch,
): Promise<InstalmentInfo | null> {
  let pending = cache.get(locale);
  if (!pending) {
    const url = `${PATHS.instalmentInfo}/${encodeURIComponent(locale)}.json`;
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
        cache.delete(locale);
        console.warn(`[storefront] instalment-pill: could not load ${url}: ${String(error)}`);
        return null;
      }
    })();
    cache.set(locale, pending);
  }
  return pending;
}

export interface InstalmentInfoPopupProps {
  /** The provider locale of the offer. */
  readonly locale: string;
  /** The page's locale: the texts are shown in its language where the server has them. */
  readonly pageLocale?: string | undefined;
  /** The dialog's heading (it is labelled by it). */
  readonly title: string;
  /** The pill's own line for this order, shown first. */
  readonly summary: string;
  readonly closeLabel: string;
  /** Where focus goes on close: the pill's info button, whichever part of the pill was clicked. */
  readonly returnFocus: RefObject<HTMLElement | null>;
  /** Told when the popup closes; focus is seen to here. */
  readonly onClose: () => void;
}

/**
 * A modal dialog: Escape, the close button and a click outside close it, focus returns to the
 * button that opened it. The provider's texts arrive as plain strings and are shown as text.
 */
export function InstalmentInfoPopup({
  locale: offerLocale,
  pageLocale = offerLocale,
  title,
  summary,
  closeLabel,
  returnFocus,
  onClose,
}: InstalmentInfoPopupProps) {
  const [info, setInfo] = useState<InstalmentInfo | null>(null);
  const locale = instalmentTextsLocale(offerLocale, pageLocale);
  useEffect(() => {
    let live = true;
    void loadInstalmentInfo(locale).then((loaded) => {
      if (live) setInfo(loaded);
    });
    return () => {
      live = false;
    };
  }, [locale]);

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
    <Lightbox open title={title} closeLabel={closeLabel} onClose={close} returnFocus={returnFocus}>
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
      </div>
    </Lightbox>
  );
}

export default InstalmentInfoPopup;
