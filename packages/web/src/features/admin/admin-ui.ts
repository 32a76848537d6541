import type { FieldOption } from '@fleet/shared/resources/define.ts';
import type { FormInstance, ModalProps } from 'antd';
import { isApiError } from '../../api/client.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { DATE_TIME_FORMAT, formatDate } from '../../components/resource/format.ts';
import { optionIn } from '../../components/resource/language.ts';

/** Spec 001 §9: permissions show day, month name, year and time. */
export const formatDateTime = (v: unknown) => formatDate(v, DATE_TIME_FORMAT);

/** Add/edit modals close only by their buttons (spec 001 §2): not by Esc, not by a click outside. */
export const FORM_MODAL_PROPS = {
  keyboard: false,
  mask: { closable: false },
  destroyOnHidden: true,
} satisfies ModalProps;

/** The label of a stored value among a field's options ('1' → 'Approved'), in the language in force. */
export function optionLabel(options: FieldOption[] | undefined, value: unknown): string {
  const o = options?.find((x) => String(x.value) === String(value));
  return o ? optionIn(o).label : value === null || value === undefined ? '' : String(value);
}

/**
 * Runs a save; when the server answers per-field messages they are shown under the form's fields (the client
 * has already toasted 'Error found'), replacing those of the previous attempt. Resolves true on success.
 */
export async function submitWithFieldErrors(form: FormInstance, save: () => Promise<unknown>): Promise<boolean> {
  // every field the form shows, filled or not (an untouched field has no value yet but takes its message)
  const fields = form.getFieldsError().map((f) => String(f.name[0]));
  // the messages of the previous attempt go: a refusal for another reason must not keep them
  form.setFields(fields.map((name) => ({ name, errors: [] })));
  try {
    await save();
    return true;
  } catch (e) {
    if (isApiError(e) && e.fieldMessages) applyFieldErrors(form, e.fieldMessages, fields);
    return false;
  }
}
