/**
 * The one way widgets reach the form dialog module: a dynamic import shared by every caller and
 * forgotten when it fails, so a dropped connection does not break the next attempt.
 */
export type FormDialogModule = typeof import('./form-dialog.js');

let pending: Promise<FormDialogModule> | null = null;

export function loadFormDialog(): Promise<FormDialogModule> {
  pending ??= import('./form-dialog.js').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
