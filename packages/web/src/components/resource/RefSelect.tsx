import type { FieldDef } from '@fleet/shared/resources/define.ts';
import { Select, type SelectProps } from 'antd';
import { useResourceOptions } from '../../api/resources.ts';

/** A searchable select over the rows of another resource (a `ref` field). */
export function RefSelect({
  refDef,
  extraOptions = [],
  ...props
}: {
  refDef: NonNullable<FieldDef['ref']>;
  /** choices before the rows (a filter's "All") */
  extraOptions?: { value: string | number; label: string }[];
} & Omit<SelectProps, 'options' | 'loading'>) {
  const options = useResourceOptions(refDef.resource, refDef.labelField, { where: refDef.where });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      options={[...extraOptions, ...(options.data ?? [])]}
      notFoundContent={options.isLoading ? 'Loading…' : 'No data'}
      {...props}
    />
  );
}
