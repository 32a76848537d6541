import { SearchOutlined } from '@ant-design/icons';
import type { FieldDef, FieldOption } from '@fleet/shared/resources/define.ts';
import { Button, Input, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTexts } from '../api/i18n.ts';
import { shortListHeight } from './resource/FieldInput.tsx';
import { RefSelect } from './resource/RefSelect.tsx';
import { componentsTexts } from './texts.ts';

/** One filter: a select over fixed options or over the rows of another resource. */
export interface FilterItem {
  /** the list-query field: finds[field] */
  field: string;
  label: string;
  options?: FieldOption[];
  ref?: FieldDef['ref'];
  /** label of the "no filter" choice; default 'All' */
  allLabel?: string;
  width?: number;
}

export type FilterValues = Record<string, string | number | undefined>;

const ALL = '__all__';

/** One labelled control of a filter bar (the label points at the control's id). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="filter-bar-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A labelled select of a filter bar; the other props go to antd's Select (`width` in px). */
export function FilterSelect<T>({
  id,
  label,
  width,
  ...select
}: { id: string; label: string; width?: number } & Omit<SelectProps<T>, 'id'>) {
  return (
    <FilterField id={id} label={label}>
      <Select<T> id={id} style={width === undefined ? undefined : { width }} {...select} />
    </FilterField>
  );
}

/**
 * The filter bar above a list: a search box, `items` as selects (each with an "All" choice that sends no filter),
 * then the screen's own controls (`children`, a FilterField each). With `onApply`, changes wait for the Apply
 * button (spec 001 master event list).
 */
export function FilterBar({
  items = [],
  values = {},
  onChange,
  search,
  onApply,
  extra,
  children,
}: {
  items?: FilterItem[];
  values?: FilterValues;
  onChange?: (field: string, value: string | number | undefined) => void;
  search?: { placeholder: string; label?: string; value: string; onChange: (v: string) => void; onSearch: () => void };
  onApply?: () => void;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const baseId = useId();
  const t = useTexts(componentsTexts);
  return (
    <search className="filter-bar">
      {search && (
        <FilterField id={`${baseId}-search`} label={search.label ?? t('search')}>
          <Input
            id={`${baseId}-search`}
            allowClear
            prefix={<SearchOutlined />}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(e) => {
              search.onChange(e.target.value);
              // clearing the box (the × button) shows everything again at once
              if (!e.target.value && !onApply) search.onSearch();
            }}
            onPressEnter={onApply ?? search.onSearch}
            // wide enough for the whole placeholder ('Search Tank Header Name' was cut)
            style={{ width: `max(240px, calc(${search.placeholder.length}ch + 64px))` }}
          />
        </FilterField>
      )}
      {items.map((item) => {
        const id = `${baseId}-${item.field}`;
        const all = { value: ALL, label: item.allLabel ?? t('all') };
        const common = {
          id,
          value: values[item.field] ?? ALL,
          onChange: (v: string | number) => onChange?.(item.field, v === ALL ? undefined : v),
          style: { width: item.width ?? 200 },
        };
        return (
          <FilterField key={item.field} id={id} label={item.label}>
            {item.ref ? (
              <RefFilter refDef={item.ref} all={all} {...common} />
            ) : (
              <Select
                {...common}
                options={[all, ...(item.options ?? [])]}
                listHeight={shortListHeight((item.options?.length ?? 0) + 1)}
              />
            )}
          </FilterField>
        );
      })}
      {children}
      {onApply && (
        <Button type="primary" onClick={onApply}>
          {t('apply')}
        </Button>
      )}
      {extra}
    </search>
  );
}

function RefFilter({
  refDef,
  all,
  ...props
}: {
  refDef: NonNullable<FieldDef['ref']>;
  all: { value: string; label: string };
  id: string;
  value: string | number;
  onChange: (v: string | number) => void;
  style: React.CSSProperties;
}) {
  return <RefSelect refDef={refDef} extraOptions={[all]} {...props} />;
}
