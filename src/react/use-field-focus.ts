import { useEffect, useState, type RefObject } from 'react';

/**
 * Focus on a form's field once the render that asked for it is on screen: the field's error is
 * drawn and the control carries aria-invalid and aria-describedby before focus arrives, so a
 * screen reader reads the field with its error (a description that changes on the control that
 * already has focus is not read again). Returns the call that asks for it, by `data-field-id`;
 * asking again for the same field focuses it again.
 */
export function useFieldFocus(form: RefObject<HTMLFormElement | null>): (fieldId: string) => void {
  const [asked, setAsked] = useState<{ readonly id: string } | null>(null);
  useEffect(() => {
    if (asked === null) return;
    form.current
      ?.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(asked.id)}"] :is(input, select, textarea)`)
      ?.focus();
  }, [asked, form]);
  return (id) => setAsked({ id });
}
