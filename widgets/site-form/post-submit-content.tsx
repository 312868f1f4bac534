/**
 * The post-submit content a site form shows after a successful submit: sanitised by the chunk
 * that holds the sanitiser (./post-submit.ts), loaded only then, or as text should it not load.
 */
import { useLayoutEffect, useRef } from 'react';

/**
 * The text of untrusted post-submit markup, shown when the sanitiser's chunk fails to load. A
 * DOMParser document is inert (no script runs, nothing loads), and only its text reaches the page,
 * as a text node; without DOMParser the raw string is shown as text, which is just as safe.
 */
export function textOf(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/**
 * The post-submit content as sanitised HTML, from the chunk that holds the sanitiser: it loads only
 * here, after a successful submit. Should that chunk fail to load, the content's text is shown.
 * Null when nothing readable is left.
 */
export async function postSubmitContent(html: string, doc: Document): Promise<DocumentFragment | null> {
  const content = await import('./post-submit.js').then(
    (mod) => mod.sanitizeHtml(html, doc),
    () => {
      const text = doc.createDocumentFragment();
      text.append(textOf(html));
      return text;
    },
  );
  return content.textContent?.trim() ? content : null;
}

/**
 * Shows a sanitised fragment; a copy of it, so the one in state stays whole across renders. Put in
 * before the browser paints, so the thanks and the content show, and are announced, together.
 */
export function PostSubmitContent({ content }: { readonly content: DocumentFragment }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(content.cloneNode(true));
  }, [content]);
  return <div ref={ref} className="sf-site-form__content" />;
}
