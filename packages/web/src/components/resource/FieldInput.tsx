import type { FieldDef } from '@fleet/shared/resources/define.ts';
import { DatePicker, Input, type InputProps, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTexts } from '../../api/i18n.ts';
import { NumberInput } from '../number-input/NumberInput.tsx';
import { RefSelect, type TakenBy } from './RefSelect.tsx';
import { resourceTexts } from './texts.ts';

/**
 * Height of an open dropdown of a short fixed list (up to 16 choices, 32 px each): all of them in view, none hidden
 * below a scroll the user may not notice (issue 28: the device types). Longer lists keep antd's 256 px and scroll.
 */
export const shortListHeight = (choices: number) => (choices <= 16 ? Math.max(256, choices * 32 + 8) : 256);

/**
 * The input for one field of a resource definition, by its kind. Its options and placeholder are shown as the field
 * has them: FormModal gives the field in the language in force (language.ts).
 */
export function FieldInput({
  field,
  mode,
  id,
  value,
  onChange,
  disabled,
  takenBy,
  dateFormat,
}: {
  field: FieldDef;
  /** the pattern of a date-and-time input picking hours and minutes; default 'DD MMMM YYYY HH:mm' */
  dateFormat?: string;
  /** a ref the resource holds once: offer only values no other row holds */
  takenBy?: TakenBy;
  mode: 'create' | 'update';
  id?: string;
  /** given by Form.Item: what this input last emitted, or the form's starting value for its kind (toFormValues) */
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}) {
  const t = useTexts(resourceTexts);
  const common = { id, value, onChange, disabled, placeholder: field.placeholder };
  // the value's type follows field.kind, which TypeScript cannot tie to a separate prop: each input takes it as its own
  const text = { ...common, value: value as InputProps['value'] };
  const num = { ...common, value: value as number | string | null | undefined };
  const date = { ...common, value: value as Dayjs | null | undefined };
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...text} autoSize={{ minRows: 2, maxRows: 6 }} />;
    case 'json':
      return <Input.TextArea {...text} autoSize={{ minRows: 3, maxRows: 12 }} style={{ fontFamily: 'monospace' }} />;
    // a number as either language writes it ('1,5' and '1.5' are 1.5; issue 28); a text that is not a number is
    // kept as typed and given to the form as text, which the field's schema (the client checks, the server) refuses
    case 'integer':
      return <NumberInput {...num} whole step={field.step ?? 1} style={{ width: '100%' }} />;
    case 'number':
      return <NumberInput {...num} step={field.step ?? 1} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...common}
          options={field.options?.map((o) => ({ value: o.value, label: o.label }))}
          allowClear={!!field.placeholder}
          // a long list (the time zones) is searched by typing
          showSearch={(field.options?.length ?? 0) > 20 ? { optionFilterProp: 'label' } : undefined}
          // a short list shows every choice at once (issue 28: Battery, Compass, Tracker were below the fold)
          listHeight={shortListHeight(field.options?.length ?? 0)}
        />
      );
    case 'ref':
      return <RefSelect {...common} refDef={field.ref!} takenBy={takenBy} />;
    case 'datetime':
      return dateFormat ? (
        <DatePicker {...date} showTime={{ format: 'HH:mm' }} format={dateFormat} style={{ width: '100%' }} />
      ) : (
        <DatePicker {...date} showTime format="DD MMMM YYYY HH:mm" style={{ width: '100%' }} />
      );
    case 'password':
      return (
        <Input.Password
          {...text}
          autoComplete="new-password"
          placeholder={mode === 'update' ? t('keepPassword') : field.placeholder}
        />
      );
    case 'email':
      return <Input {...text} type="email" autoComplete="off" />;
    default:
      return <Input {...text} />;
  }
}
