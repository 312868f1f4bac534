/**
 * The additional-fields form in its modal lightbox, with everything only it needs: the schema
 * reader, the answers reader and the UI texts. Widgets load this module through
 * `loadFormDialog()` on the first open, so none of it is in a page's initial JS.
 */
import {
  AdditionalFieldsForm,
  defaultUiMessages,
  type AdditionalFieldsFormProps,
} from './additional-fields-form.js';
import { Lightbox } from './lightbox.js';

export { parseFormSchema, parseFormValues } from '../../api/form-schema.js';
export { UI_MESSAGES, uiMessages } from './messages.js';

export interface FormDialogProps extends AdditionalFieldsFormProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Dialog heading. @default the form's name */
  readonly title?: string | undefined;
}

export function FormDialog({ open, onClose, title, ...form }: FormDialogProps) {
  const messages = form.messages ?? defaultUiMessages();
  return (
    <Lightbox
      open={open}
      onClose={onClose}
      title={title ?? form.schema.name}
      closeLabel={messages.t('close')}
    >
      <AdditionalFieldsForm onDone={onClose} {...form} />
    </Lightbox>
  );
}

export default FormDialog;
