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
}

/**
 * The body of every `widgets/<name>/index.ts`: parse the props at the edge, then mount the
 * component inside the storefront provider and the widget's error boundary.
 */
export function defineWidget<P>(definition: WidgetDefinition<P>): WidgetModule {
  const widget: WidgetModule = {
    mount(el, raw, env) {
      const parsed = definition.parseProps(raw);
      if (!parsed.ok) throw new WidgetPropsError(definition.name, parsed.issues);
      return mountWidget(
        el,
        <PageStorefrontProvider env={env}>{definition.render(parsed.value, env)}</PageStorefrontProvider>,
        env,
      );
    },
  };
  // The page's blocks find it here when its code came in another widget's chunk (../page/blocks.ts).
  definedWidgets.set(definition.name, widget);
  return widget;
}
