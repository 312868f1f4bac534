import { useWidgetId } from '../provider.js';
export interface AlertProps {
  /** Heading of the alert, e.g. "Unable to Add Item". */
  readonly title: string;
  /** The catalogued user text. */
  readonly message: string;
  /** Extra class names for theming. @default undefined */
  readonly className?: string | undefined;
}

/**
 * An error announced to assistive technology the moment it appears (role="alert"), named by its
 * title so screen-reader users hear both.
 */
export function Alert({ title, message, className }: AlertProps) {
  const titleId = useWidgetId();
  return (
    <div role="alert" aria-labelledby={titleId} className={className ? `sf-alert ${className}` : 'sf-alert'}>
      <p id={titleId} className="sf-alert__title">
        {title}
      </p>
      <p className="sf-alert__message">{message}</p>
    </div>
  );
}
