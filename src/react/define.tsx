import type { ReactNode } from 'react';
import type { WidgetEnv, WidgetModule } from '../contract.js';
import { definedWidgets } from '../page/blocks.js';
import type { Result } from '../result.js';
import { mountWidget } from './mount.js';
import { PageStorefrontProvider } from './provider.js';

/** Thrown by `mount` when a block's props do not parse; the loader reports it and keeps the fallback. */
export class WidgetPropsError extends Error {
  override readonly name = 'WidgetPropsError';
  constructor(
    readonly widget: string,
    readonly issues: readonly string[],
  ) {
    super(`${widget}: invalid data-sf-props: ${issues.join('; ')}`);
  }
}

export interface WidgetDefinition<P> {
  /** The block name (`data-sf-widget`). */
  readonly name: string;
  /** Parses the block's raw props (already JSON-decoded, otherwise untrusted). */
  parseProps(raw: unknown): Result<P>;
  /** The widget's element tree for parsed props. */
  render(props: P, env: WidgetEnv): ReactNode;
  /**
   * What the props are about (a product's id, a form's id). When new props of a mounted block
   * name something else, the widget starts afresh; while they name the same, the shopper's state
   * stays. @default every props are about the same thing
   */
  identity?(props: P): string;
}

/**
 * The body of every `widgets/<name>/index.ts`: parse the props at the edge, then mount the
 * component inside the storefront provider and the widget's error boundary.
 */
export function defineWidget<P>(definition: WidgetDefinition<P>): WidgetModule {
  const widget: WidgetModule = {
    mount(el, raw, env) {
      const parse = (value: unknown): P => {
        const parsed = definition.parseProps(value);
        if (!parsed.ok) throw new WidgetPropsError(definition.name, parsed.issues);
        return parsed.value;
      };
      const tree = (props: P) => (
        <PageStorefrontProvider key={definition.identity?.(props)} env={env}>
          {definition.render(props, env)}
        </PageStorefrontProvider>
      );
      const mounted = mountWidget(el, tree(parse(raw)), env);
      return Object.assign(() => mounted(), { update: (next: unknown) => mounted.render(tree(parse(next))) });
    },
  };
  // The page's blocks find it here when its code came in another widget's chunk (../page/blocks.ts).
  definedWidgets.set(definition.name, widget);
  return widget;
}
