import type { FieldDef, ResourceDef } from '@fleet/shared/resources/define.ts';
import { Select, type SelectProps } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { useResourceOptions, useTakenValues } from '../../api/resources.ts';
import { resourceTexts } from './texts.ts';

/** A ref stored at most once per row of `def` (def.unique on the field alone): the values other rows hold. */
export interface TakenBy {
  def: ResourceDef;
  field: string;
}

/** A searchable select over the rows of another resource (a `ref` field). */
export function RefSelect({
  refDef,
  extraOptions = [],
  takenBy,
  ...props
}: {
  refDef: NonNullable<FieldDef['ref']>;
  /** choices before the rows (a filter's "All") */
  extraOptions?: { value: string | number; label: string }[];
  /** leaves out the values other rows already hold (the current value stays) */
  takenBy?: TakenBy;
} & Omit<SelectProps, 'options' | 'loading'>) {
  const t = useTexts(resourceTexts);
  const options = useResourceOptions(refDef.resource, refDef.labelField, { where: refDef.where });
  const taken = useTakenValues(takenBy?.def, takenBy?.field);
  const free = (options.data ?? []).filter(
    (o) => !taken.data?.has(String(o.value)) || String(o.value) === String(props.value),
  );
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading || taken.isLoading}
      options={[...extraOptions, ...free]}
      notFoundContent={options.isLoading ? t('loading') : t('noData')}
      {...props}
    />
  );
}
