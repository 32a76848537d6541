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
import { useSession } from '../../stores/session.ts';
import { assetsTexts } from './texts.ts';

/** The options of an `enum('a','b')` type when the schema gives no labelled Options. */
export function enumValues(type: string): string[] | null {
  const m = /^enum\((.*)\)$/i.exec(type.trim());
  if (!m) return null;
  return [...m[1].matchAll(/'((?:[^']|'')*)'/g)].map((x) => x[1].replace(/''/g, "'"));
}

/** The input for one entry of the fields schema (spec 000 §5: enum → select, date → date input, asset type → select). */
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

/**
 * 'Add New Asset' / 'Edit Asset' plus the company name (spec 000 §2): inputs from the list's fields schema,
 * an optional image; Esc and the mask do not close it. After a successful save the image is uploaded, then
 * `onSaved` reloads the list.
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
  }, [open, row, fields, form]);

  const submit = async (values: Record<string, unknown>) => {
    if (fileError) return;
    setSaving(true);
    try {
      const saved = await saveAsset(row ? row.massId : null, assetBody(fields, values, editing));
      toast.success(ASSET_TEXTS.saved);
      if (file) {
        try {
          await uploadAssetImage(saved.massId, file);
        } catch {
          // the client has shown why; the asset is saved with its previous image
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
