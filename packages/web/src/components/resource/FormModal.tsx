import type { FieldMessages } from '@fleet/shared/api.ts';
import { type FieldDef, type ResourceDef, writableFields } from '@fleet/shared/resources/define.ts';
import { Alert, Form, type FormInstance, Modal } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import type { Row } from '../../api/resources.ts';
import { fromPicker, toPicker } from '../../api/zone.ts';
import { applyFieldErrors } from '../form-errors.ts';
import { versionHeaders } from './audit.ts';
import { FieldInput } from './FieldInput.tsx';
import { fieldMessage, ruleMessage } from './form-checks.ts';
import { messageIn, resourceIn } from './language.ts';
import { resourceTexts } from './texts.ts';

export type FormMode = 'create' | 'update';

/** A ref field the definition allows once across its rows (config_rpm's device): its select offers free values. */
const heldOnce = (def: ResourceDef, name: string) =>
  def.fields[name]?.kind === 'ref' && def.unique.some((u) => u.fields.length === 1 && u.fields[0] === name);

/** A field the server requires: its schema refuses a missing value. */
export function isRequired(field: FieldDef): boolean {
  return !field.schema.safeParse(undefined).success && !field.schema.safeParse(null).success;
}

/** A stored row → the form's values (times as dayjs, JSON as indented text, passwords blank). */
export function toFormValues(def: ResourceDef, names: string[], row: Row | null | undefined): Row {
  const out: Row = {};
  for (const name of names) {
    const field = def.fields[name];
    const v = row?.[name];
    if (field.kind === 'password') out[name] = undefined;
    else if (field.kind === 'datetime') out[name] = v ? toPicker(dayjs(v as string).valueOf()) : undefined;
    else if (field.kind === 'json' && v !== null && typeof v === 'object') out[name] = JSON.stringify(v, null, 2);
    else out[name] = v ?? undefined;
  }
  return out;
}

/**
 * The form's values → the request body: times as ISO 8601; on update a cleared field is sent as null
 * and a blank password is left out (kept); on create empty values are left out.
 */
export function toBody(def: ResourceDef, names: string[], values: Row, mode: FormMode): Row {
  const body: Row = {};
  for (const name of names) {
    const field = def.fields[name];
    if (mode === 'update' && field.immutable) continue; // shown, never changed
    let v = values[name];
    // a picked time is the company's zone's wall clock (api/zone.ts)
    if (dayjs.isDayjs(v)) v = new Date(fromPicker(v)).toISOString();
    const empty = v === undefined || v === null || v === '';
    if (field.kind === 'password' && empty) continue;
    if (empty) {
      if (mode === 'update') body[name] = field.kind === 'text' || field.kind === 'textarea' ? '' : null;
      continue;
    }
    body[name] = v;
  }
  return body;
}

export interface FormModalProps {
  def: ResourceDef;
  open: boolean;
  mode: FormMode;
  /** the row being edited */
  row?: Row | null;
  /** default: the definition's add / edit title */
  title?: ReactNode;
  /** fields shown, in order; default every writable field not in fixedValues */
  fields?: string[];
  /** values sent with every save but not shown (a parent id from the route) */
  fixedValues?: Row;
  /** add-mode starting values beyond the definitions' defaults */
  initialValues?: Row;
  /** a screen's own input for a field (the thresholds editor); receives value/onChange from the form */
  renderField?: Record<string, (ctx: { mode: FormMode; form: FormInstance }) => ReactNode>;
  /** labels in the form's own wording instead of the definition's */
  labels?: Record<string, string>;
  /** help under a field instead of the definition's hint; a function gets the field's current value */
  hints?: Record<string, ReactNode | ((value: unknown) => ReactNode)>;
  /** the pattern of the date-and-time inputs, picking hours and minutes; default 'DD MMMM YYYY HH:mm' */
  dateFormat?: string;
  /**
   * each field is checked as it changes, with its definition: a blank required field gets its schema's message
   * (or its `requiredMessages` one), a value its schema's, and the definition's rules across fields are checked on
   * the body the form would send. A submission stops on any message (then `onInvalid`).
   */
  liveChecks?: boolean;
  requiredMessages?: Record<string, string>;
  onInvalid?: () => void;
  /** client checks (spec 001 §5) of the fields shown: messages per field stop the submission */
  validate?: (values: Row, mode: FormMode, fields: string[]) => FieldMessages | null;
  /** every message (of `validate`, of the server's refusal) in one line above the fields, none under them */
  messagesAbove?: boolean;
  /** last word on the body before it is sent; `values` are the form's own (times as dayjs) */
  transformBody?: (body: Row, mode: FormMode, values: Row) => Row;
  /**
   * the save call; the modal closes when it resolves (but not when it resolves false: the screen has said why),
   * shows per-field messages when it fails with them. `headers` (update): `If-Unmodified-Since`, the version of
   * the record the form opened — sent with the save, the server refuses it (409) when someone changed the record
   * since, and the form shows that message above the fields (issue 28).
   */
  onSubmit: (body: Row, mode: FormMode, headers?: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
  /** the form instance, when the screen works with it (a value chosen once its options have loaded) */
  form?: FormInstance;
  /** the form's class (a screen's own arrangement of the fields) */
  className?: string;
  /** false: Enter in an input does not submit (forms whose date pickers take Enter) */
  enterSubmits?: boolean;
  /** the Save button's text while saving (it is disabled then, instead of spinning) */
  savingText?: string;
  width?: number;
  /** extra content under the fields */
  footerNote?: ReactNode;
}

/**
 * Add / edit form of a resource in a modal that Esc and outside clicks do not close (spec 000 §2,
 * spec 001 §2). Server messages per field show under the fields; 'Error found' is toasted by the client.
 * The definition's texts (title, labels, hints, options, placeholders) and the messages of its checks and of the
 * server are shown in the language in force; `labels`, `hints`, `title` and `validate` are the screen's, already so.
 */
export function FormModal(props: FormModalProps) {
  const { def, open, mode, row } = props;
  const t = useTexts(resourceTexts);
  const language = useLanguage();
  /** the definition in the language in force */
  const view = resourceIn(def, language);
  const say = (message: string) => messageIn(message, language);
  const [form] = Form.useForm(props.form);
  const [submitting, setSubmitting] = useState(false);
  const [formLevel, setFormLevel] = useState<string[]>([]);

  const names =
    props.fields ?? writableFields(def, 'create').filter((n) => !(props.fixedValues && n in props.fixedValues));

  // fresh values each time the modal opens (names derive from props that are stable while it is open)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when opened or the row changes
  useEffect(() => {
    if (!open) return;
    setFormLevel([]);
    form.resetFields();
    if (mode === 'update') form.setFieldsValue(toFormValues(def, names, row));
    else {
      const defaults: Row = {};
      for (const n of names) if (def.fields[n].default !== undefined) defaults[n] = def.fields[n].default;
      // only the fields the screen gives a starting value: the others keep the definitions' defaults
      const given = names.filter((n) => props.initialValues && n in props.initialValues);
      form.setFieldsValue({ ...defaults, ...toFormValues(def, given, props.initialValues) });
    }
  }, [open, mode, row]);

  /** The request body of these values. */
  const bodyOf = (values: Row) => {
    const body = { ...toBody(def, names, values, mode), ...props.fixedValues };
    return props.transformBody ? props.transformBody(body, mode, values) : body;
  };

  /** The live check of one field: its definition's messages, then its rules across fields. */
  const liveRule = (name: string) => ({
    validator: async (_: unknown, value: unknown) => {
      const plain = dayjs.isDayjs(value) ? new Date(fromPicker(value)).toISOString() : value;
      const message =
        fieldMessage(def, name, plain, props.requiredMessages?.[name]) ??
        ruleMessage(def, name, bodyOf(form.getFieldsValue(true)));
      if (message) throw new Error(say(message));
    },
  });

  const submit = async () => {
    if (props.liveChecks) {
      try {
        await form.validateFields(names);
      } catch {
        props.onInvalid?.();
        return;
      }
    }
    const values = form.getFieldsValue(true) as Row;
    const checked = props.validate?.(values, mode, names);
    const clientErrors = checked && Object.fromEntries(Object.entries(checked).map(([k, m]) => [k, m.map(say)]));
    const above = Object.entries(clientErrors ?? {})
      .filter(([name]) => props.messagesAbove || !names.includes(name))
      .flatMap(([, messages]) => messages);
    if (!props.liveChecks)
      form.setFields(names.map((name) => ({ name, errors: (!props.messagesAbove && clientErrors?.[name]) || [] })));
    if (above.length) setFormLevel(above);
    if (clientErrors && Object.keys(clientErrors).length) return;
    const body = bodyOf(values);
    const version = mode === 'update' ? versionHeaders(def, row) : undefined;
    setSubmitting(true);
    setFormLevel([]);
    try {
      if ((await props.onSubmit(body, mode, version)) !== false) props.onClose();
    } catch (e) {
      const answered = isApiError(e) ? e.fieldMessages : null;
      const fieldMessages = answered && Object.fromEntries(Object.entries(answered).map(([k, m]) => [k, m.map(say)]));
      // a stale save (someone changed the record since the form opened): the server's message stays in the form
      const stale = !!version && !fieldMessages && isApiError(e) && e.httpStatus === 409;
      if (props.messagesAbove || stale)
        setFormLevel(fieldMessages ? Object.values(fieldMessages).flat() : [say((e as Error).message)]);
      else if (fieldMessages) setFormLevel(applyFieldErrors(form, fieldMessages, names));
    } finally {
      setSubmitting(false);
    }
  };

  const title = props.title ?? (mode === 'update' ? view.texts.editTitle : view.texts.addTitle);
  return (
    <Modal
      open={open}
      title={title}
      okText={submitting && props.savingText ? props.savingText : t('save')}
      onOk={submit}
      okButtonProps={props.savingText ? { disabled: submitting } : { loading: submitting }}
      cancelButtonProps={{ disabled: submitting }}
      onCancel={props.onClose}
      keyboard={false}
      mask={{ closable: false }}
      closable={!submitting}
      width={props.width ?? 560}
      destroyOnHidden
      forceRender
    >
      {formLevel.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formLevel.join(' ')} />
      )}
      <Form
        form={form}
        layout="vertical"
        className={props.className}
        onFinish={submit}
        onValuesChange={(changed) => {
          // a live-checked field shows its new value's message; otherwise an edit clears the field's messages
          if (!props.liveChecks) form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
        }}
      >
        {names.map((name) => {
          const field = view.fields[name];
          if (!field) return null;
          const custom = props.renderField?.[name];
          const hint = props.hints && name in props.hints ? props.hints[name] : field.hint;
          const item = (extra: ReactNode) => (
            <Form.Item
              key={name}
              name={name}
              label={props.labels?.[name] ?? field.label}
              required={isRequired(field) && !(mode === 'update' && field.kind === 'password')}
              extra={extra}
              rules={props.liveChecks ? [liveRule(name)] : undefined}
              // a rule across fields is checked again when another field changes
              dependencies={
                props.liveChecks && def.rules.some((r) => r.field === name)
                  ? names.filter((n) => n !== name)
                  : undefined
              }
            >
              {custom ? (
                custom({ mode, form })
              ) : (
                <FieldInput
                  field={field}
                  mode={mode}
                  dateFormat={props.dateFormat}
                  disabled={mode === 'update' && field.immutable}
                  takenBy={heldOnce(def, name) ? { def, field: name } : undefined}
                />
              )}
            </Form.Item>
          );
          if (typeof hint !== 'function') return item(hint);
          // a hint that depends on the value (the chosen option's) follows it
          return (
            <Form.Item key={name} noStyle shouldUpdate={(a, b) => a[name] !== b[name]}>
              {() => item(hint(form.getFieldValue(name)))}
            </Form.Item>
          );
        })}
        {/* Enter in a text input submits */}
        {props.enterSubmits !== false && <button type="submit" hidden aria-hidden tabIndex={-1} />}
      </Form>
      {props.footerNote}
    </Modal>
  );
}
