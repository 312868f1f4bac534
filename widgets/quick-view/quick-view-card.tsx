/**
 * The card's button. What it opens (./open.tsx: the product form and the lightbox) starts loading
 * when the shopper reaches for it, a pointer over it or focus on it, so the click rarely waits.
 */
import { useMemo, useRef, useState } from 'react';
import type { WidgetEnv } from '../../src/contract.js';
import { createMessages } from '../../src/messages/format.js';
import { PRODUCT_LABEL_MESSAGES } from '../../src/messages/product-labels.js';
import { track } from '../../src/page/analytics.js';
import { useStorefront } from '../../src/react/provider.js';
import type { JsonRecord } from '../../src/result.js';
import type { OpenedCard } from './open.js';

export interface QuickViewCardProps {
  /** The card's block: its props are read again as the form opens. */
  readonly block: HTMLElement;
  readonly raw: unknown;
  readonly env: WidgetEnv;
  readonly itemId: string;
  /** Text overrides of the block's props (`productQuickViewText`). */
  readonly strings?: JsonRecord | undefined;
}

const CARD_MESSAGES = { quickView: PRODUCT_LABEL_MESSAGES.quickView } as const;

export function QuickViewCard({ block, raw, env, itemId, strings }: QuickViewCardProps) {
  const { reporter, navigate } = useStorefront();
  const m = useMemo(
    () => createMessages(strings as Readonly<Record<string, string>> | undefined, CARD_MESSAGES),
    [strings],
  );
  const loading = useRef<Promise<typeof import('./open.js')> | null>(null);
  const [opened, setOpened] = useState<OpenedCard | null>(null);
  const prepare = (): Promise<typeof import('./open.js')> => {
    // What ./open.js imports in turn (the product form, the quick view's panel, the lightbox) is
    // asked for beside it, not a round trip after it: the build does that for every import()
    // (`parallelImports` in vite.config.ts).
    loading.current ??= import('./open.js').catch((error: unknown) => {
      // The next reach tries again.
      loading.current = null;
      throw error;
    });
    return loading.current;
  };
  const reach = () => void prepare().catch(() => undefined);
  const open = async () => {
    // Recorded by the platform layer (census RecordQuickView), unless tracking is off.
    track({ type: 'quick-view', itemId });
    let code: typeof import('./open.js');
    try {
      code = await prepare();
    } catch (error) {
      reporter.report(error, { widget: 'quick-view', code: 'CHUNK_LOAD_FAILED' });
      return;
    }
    const card = code.openCard(block, raw, env);
    // Props the form cannot show (reported as BAD_PROPS): the product's own page instead, as
    // the card's link does without JavaScript.
    if (card.ok) setOpened(card.value);
    else if (card.page !== null) navigate(card.page);
  };
  return (
    <>
      <button
        type="button"
        className="sf-button sf-button--secondary sf-quick-view-button"
        onPointerEnter={reach}
        onFocus={reach}
        onClick={() => void open()}
      >
        {m.t('quickView')}
      </button>
      {opened && <opened.Panel form={opened.form} block={block} onClose={() => setOpened(null)} />}
    </>
  );
}
