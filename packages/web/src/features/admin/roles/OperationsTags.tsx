import { OPERATIONS, type Operation, parseOperations } from '@fleet/shared/permissions.ts';
import { Checkbox, Space, Tag } from 'antd';
import { useTexts } from '../../../api/i18n.ts';
import { rolesTexts } from './texts.ts';

const COLOR: Record<Operation, string> = { create: 'green', read: 'blue', update: 'gold', delete: 'red' };

/** Operations of a permission as tags, in the fixed order create, read, update, delete. */
export function OperationsTags({ json }: { json: string | null | undefined }) {
  const ops = parseOperations(json);
  if (!ops.length) return <span>—</span>;
  return (
    <Space size={4} wrap>
      {ops.map((o) => (
        <Tag key={o} color={COLOR[o]}>
          {o}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * Choice of operations (spec 001 §5: create, read, update, delete only); `offered` limits the boxes. The operations
 * are the permission keys' own words, the same in both languages.
 */
export function OperationsPicker({
  value,
  onChange,
  offered = OPERATIONS,
  disabled,
  label,
}: {
  value?: Operation[];
  onChange?: (ops: Operation[]) => void;
  offered?: readonly Operation[];
  disabled?: boolean;
  /** default 'Operations' */
  label?: string;
}) {
  const t = useTexts(rolesTexts);
  return (
    <Checkbox.Group
      aria-label={label ?? t('operations')}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange?.(OPERATIONS.filter((o) => (v as Operation[]).includes(o)))}
      options={OPERATIONS.map((o) => ({ value: o, label: o, disabled: disabled || !offered.includes(o) }))}
    />
  );
}
