import { useWidgetId } from '../provider.js';
export interface AlertProps {
  /** Heading of the alert, e.g. "Unable to Add Item". */
  readonly title: string;
  /** The catalogued user text. */
  readonly message: string;
  /** Extra class names for theming. @default undefined */
  readonly className?: string | undefined;
  /** The alert's id, for a field it speaks of to name it (`aria-describedby`). @default undefined */
  readonly id?: string | undefined;
}

/**
 * An error announced to assistive technology the moment it appears (role="alert"), named by its
 * title so screen-reader users hear both.
 */
export function Alert({ title, message, className, id }: AlertProps) {
  const titleId = useWidgetId();
  return (
    <div
      role="alert"
      id={id}
      aria-labelledby={titleId}
      className={className ? `sf-alert ${className}` : 'sf-alert'}
    >
      <p id={titleId} className="sf-alert__title">
        {title}
      </p>
      <p className="sf-alert__message">{message}</p>
    </div>
  );
}
