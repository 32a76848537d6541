import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import type { ListParams } from '../../api/resources.ts';
import { useResourceList } from '../../api/resources.ts';
import { adminTexts } from './texts.ts';

/**
 * A searchable choice among the rows of a master list, leaving out what is already assigned (spec 001 §5:
 * permission, company, role and asset pickers exclude items already assigned). The server searches
 * `searchField` as the user types.
 */
export function MasterPicker<T extends Record<string, unknown>>({
  def,
  valueField,
  labelField,
  searchField = labelField,
  max,
  finds,
  enabled = true,
  exclude,
  value,
  onChange,
  placeholder,
  ariaLabel,
  disabled,
  hint,
  errorToast,
}: {
  def: ResourceDef;
  valueField: keyof T & string;
  labelField: keyof T & string;
  searchField?: string;
  max: number;
  finds?: ListParams['finds'];
  /** false: ask nothing, offer nothing */
  enabled?: boolean;
  exclude: (string | number)[];
  value?: string | number;
  onChange?: (value: string | number | undefined, row: T | undefined) => void;
  placeholder?: string;
  ariaLabel?: string;
  disabled?: boolean;
  /** a second line under the label (the company's group) */
  hint?: (row: T) => string | undefined;
  errorToast?: string;
}) {
  const t = useTexts(adminTexts);
  const [search, setSearch] = useState('');
  const list = useResourceList<T>(
    def,
    {
      page: 1,
      pageSize: max,
      orders: { [searchField]: 'asc' },
      finds,
      findField: search ? searchField : undefined,
      findValue: search || undefined,
    },
    enabled,
    errorToast,
  );
  const excluded = useMemo(() => new Set(exclude.map(String)), [exclude]);
  const rows = list.rows.filter((r) => !excluded.has(String(r[valueField])));
  const options = rows.map((r) => ({
    value: r[valueField] as string | number,
    label: String(r[labelField]),
    description: hint?.(r),
  }));

  return (
    <Select
      aria-label={ariaLabel ?? placeholder}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={list.loading || list.refreshing}
      options={options}
      value={value}
      disabled={disabled}
      notFoundContent={list.loading ? t('loading') : t('nothingLeft')}
      onChange={(v) =>
        onChange?.(
          v,
          rows.find((r) => r[valueField] === v),
        )
      }
      optionRender={(o) => (
        <span>
          {o.label}
          {o.data.description && <span className="picker-hint"> — {o.data.description}</span>}
        </span>
      )}
      style={{ minWidth: 260 }}
    />
  );
}
