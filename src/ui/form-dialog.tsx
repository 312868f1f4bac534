/**
 * The additional-fields form in its modal lightbox. Widgets load this module with a dynamic
 * import on first open, so neither the dialog nor the form renderer is in a page's initial JS.
 */
import { AdditionalFieldsForm, type AdditionalFieldsFormProps } from './additional-fields-form.js';
import { Lightbox } from './lightbox.js';
import { UI_MESSAGES } from './messages.js';

export interface FormDialogProps extends AdditionalFieldsFormProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Dialog heading. @default the form's name */
  readonly title?: string | undefined;
}

export function FormDialog({ open, onClose, title, ...form }: FormDialogProps) {
  const messages = form.messages ?? UI_MESSAGES;
  return (
    <Lightbox open={open} onClose={onClose} title={title ?? form.schema.name} closeLabel={messages.close}>
      <AdditionalFieldsForm {...form} />
    </Lightbox>
  );
}

export default FormDialog;
