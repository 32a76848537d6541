import { UploadOutlined } from '@ant-design/icons';
import type { FormField } from '@fleet/shared/answers/form-fields.ts';
import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { asset } from '@fleet/shared/resources/asset.ts';
import type { FieldDef } from '@fleet/shared/resources/define.ts';
import { Button, DatePicker, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import {
  ASSET_TEXTS,
  checkAssetImage,
  IMAGE_TYPES,
  imageProblem,
  saveAsset,
  uploadAssetImage,
  useAssetTypeOptions,
} from '../../api/assets.ts';
import { isApiError } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { NumberInput, numberRule } from '../../components/number-input/NumberInput.tsx';
import { messageIn, useResourceDef } from '../../components/resource/language.ts';
import { RefSelect } from '../../components/resource/RefSelect.tsx';
import { useSession } from '../../stores/session.ts';
import { assetsTexts } from './texts.ts';

/** The options of an `enum('a','b')` type when the schema gives no labelled Options. */
export function enumValues(type: string): string[] | null {
  const m = /^enum\((.*)\)$/i.exec(type.trim());
  if (!m) return null;
  return [...m[1].matchAll(/'((?:[^']|'')*)'/g)].map((x) => x[1].replace(/''/g, "'"));
}

/**
 * The input for one entry of the fields schema (spec 000 §5: enum → select, date → date input, asset type → select;
 * any other reference → a picker of its list, e.g. the Fuel Type list, issue 28).
 */
function SchemaInput({
  spec,
  assetTypes,
  ...rest
}: {
  spec: FormField;
  assetTypes: { value: number; label: string }[];
}) {
  const enumOptions = spec.Options ?? enumValues(spec.Type)?.map((v) => ({ value: v, label: v }));
  if (spec.Ref === 'asset_type')
    return <Select {...rest} allowClear showSearch optionFilterProp="label" options={assetTypes} />;
  const ref = (asset.fields as Record<string, FieldDef | undefined>)[spec.Field]?.ref;
  if (spec.Ref && ref?.resource === spec.Ref) return <RefSelect {...rest} refDef={ref} allowClear />;
  if (enumOptions) return <Select {...rest} options={enumOptions} />;
  if (spec.Type === 'date') return <DatePicker {...rest} showTime style={{ width: '100%' }} />;
  if (spec.Type === 'text') return <Input.TextArea {...rest} autoSize={{ minRows: 2, maxRows: 6 }} />;
  if (spec.Type === 'int') return <NumberInput {...rest} whole style={{ width: '100%' }} />;
  if (spec.Type === 'decimal') return <NumberInput {...rest} style={{ width: '100%' }} />;
  return <Input {...rest} />;
}

/** Form values → request body: dates as ISO 8601, cleared values as null on edit, left out on add. */
export function assetBody(fields: FormField[], values: Record<string, unknown>, editing: boolean) {
  const body: Record<string, string | number | null> = {};
  for (const f of fields) {
    let v = values[f.Field];
    if (dayjs.isDayjs(v)) v = v.toISOString();
    if (v === undefined || v === null || v === '') {
      if (editing) body[f.Field] = f.Type === 'varchar' || f.Type === 'text' ? '' : null;
      continue;
    }
    body[f.Field] = v as string | number;
  }
  return body;
}

/** The server's message under the image field of a refused image, else null. */
function imageMessage(e: unknown): string | null {
  const m = isApiError(e) ? e.fieldMessages?.image : undefined;
  return m?.length ? m.join(' ') : isApiError(e) ? e.message : null;
}

/**
 * 'Add New Asset' / 'Edit Asset' plus the company name (spec 000 §2): inputs from the list's fields schema,
 * an optional image; Esc and the mask do not close it. All or nothing (issue 28): a chosen image is first checked
 * by the server, and a refused one is shown under the image with nothing saved; then the asset is saved, the image
 * uploaded, and `onSaved` reloads the list.
 */
export function AssetFormModal({
  open,
  row,
  fields,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: AssetRow | null;
  fields: FormField[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTexts(assetsTexts);
  // the asset definition in the language in force: the fields schema's labels and options are its English
  const view = useResourceDef(asset);
  const shown = (f: FormField): FormField => {
    const own = (view.fields as Record<string, FieldDef | undefined>)[f.Field];
    if (!own) return f;
    const label = (value: string | number, english: string) =>
      own.options?.find((o) => o.value === value)?.label ?? english;
    return {
      ...f,
      Label: own.label,
      ...(f.Options ? { Options: f.Options.map((o) => ({ ...o, label: label(o.value, o.label) })) } : {}),
    };
  };
  const [form] = Form.useForm();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // an added asset saved whose image then failed to store: a second Save updates it instead of adding another
  const [savedId, setSavedId] = useState<number | null>(null);
  const companyName = useSession((s) => s.activeCompany?.compName);
  const assetTypes = useAssetTypeOptions(open);
  const editing = row !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const initial: Record<string, unknown> = {};
    for (const f of fields) {
      // the fields schema names the row's columns as text
      const v = row ? (row as Record<string, unknown>)[f.Field] : f.Default;
      initial[f.Field] = f.Type === 'date' && v ? dayjs(v as string) : (v ?? undefined);
    }
    form.setFieldsValue(initial);
    setFile(null);
    setFileError(null);
    setSavedId(null);
  }, [open, row, fields, form]);

  const submit = async (values: Record<string, unknown>) => {
    if (fileError) return;
    setSaving(true);
    try {
      if (file) {
        try {
          await checkAssetImage(file);
        } catch (e) {
          setFileError(imageMessage(e) ?? ASSET_TEXTS.failed);
          return;
        }
      }
      const id = row ? row.massId : savedId;
      const saved = await saveAsset(id, assetBody(fields, values, id !== null));
      toast.success(ASSET_TEXTS.saved);
      if (file) {
        try {
          await uploadAssetImage(saved.massId, file);
        } catch (e) {
          // checked above, so only a failure of the store itself: the form stays open and says so
          setSavedId(saved.massId);
          onSaved();
          setFileError(t('imageNotStored', { reason: imageMessage(e) ?? ASSET_TEXTS.failed }));
          return;
        }
      }
      onSaved();
      onClose();
    } catch (e) {
      if (isApiError(e) && e.fieldMessages) {
        const rest = applyFieldErrors(
          form,
          Object.fromEntries(Object.entries(e.fieldMessages).map(([k, m]) => [k, m.map((x) => messageIn(x))])),
          fields.map((f) => f.Field),
        );
        if (rest.length) toast.error(rest.join(' '));
      }
    } finally {
      setSaving(false);
    }
  };

  const title: ReactNode = (
    <span>
      {editing ? t('editAsset') : t('addAsset')}
      {companyName && (
        <Typography.Text type="secondary" className="asset-form-company">
          {' '}
          {companyName}
        </Typography.Text>
      )}
    </span>
  );

  return (
    <Modal
      open={open}
      title={title}
      okText={t('save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, disabled: !!fileError }}
      cancelButtonProps={{ disabled: saving }}
      onCancel={onClose}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={saving}>
        {fields.map(shown).map((f) => (
          <Form.Item
            key={f.Field}
            name={f.Field}
            label={f.Label}
            rules={[
              ...(f.Required ? [{ required: true, message: t('required', { label: f.Label }) }] : []),
              // a typed text that is not a number (issue 28)
              ...(f.Type === 'int' || f.Type === 'decimal' ? [numberRule(f.Type === 'int')] : []),
            ]}
          >
            <SchemaInput spec={f} assetTypes={assetTypes.data ?? []} />
          </Form.Item>
        ))}
        <Form.Item
          label={t('image')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? t('imageHelp', { types: IMAGE_TYPES.join(', ') })}
        >
          <Upload
            accept={IMAGE_TYPES.join(',')}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: fileError ? 'error' : 'done' }] : []}
            beforeUpload={(f) => {
              setFile(f);
              setFileError(imageProblem(f));
              return false; // uploaded after the save
            }}
            onRemove={() => {
              setFile(null);
              setFileError(null);
            }}
          >
            <Button icon={<UploadOutlined />}>{t('chooseImage')}</Button>
          </Upload>
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
