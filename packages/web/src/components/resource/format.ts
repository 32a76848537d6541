import { auditFields, type ResourceDef } from '@fleet/shared/resources/define.ts';
import dayjs from 'dayjs';
import { type Row, valueAt } from '../../api/resources.ts';
import { at } from '../../api/zone.ts';
import { optionIn } from './language.ts';

/** Spec 000 §9 date formats: created dates 'DD MMMM YYYY', other times 'DD MMMM YYYY HH:mm:ss'. */
export const DATE_FORMAT = 'DD MMMM YYYY';
export const DATE_TIME_FORMAT = 'DD MMMM YYYY HH:mm:ss';

export function formatDate(v: unknown, format = DATE_FORMAT): string | null {
  if (v === null || v === undefined || v === '') return null;
  const d = dayjs(v as string);
  if (!d.isValid()) return String(v);
  // a calendar date alone is no instant: shown as written; a time, in the company's zone
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? d.format(format) : at(d.valueOf()).format(format);
}

/**
 * A cell's text: option labels for selects (in the language in force), the joined label for refs, formatted times,
 * JSON shortened; null when there is no value.
 */
export function formatValue(
  def: ResourceDef,
  column: string,
  row: Row,
  audit = auditFields(def),
): string | number | null {
  const value = valueAt(row, column);
  const field = def.fields[column];
  if (audit && (column === audit.createdTime || column === audit.updatedTime)) return formatDate(value);
  if (!field) return value === null || value === undefined || value === '' ? null : (value as string | number);
  if (field.kind === 'ref') {
    const join = def.joins.find((j) => j.localField === column);
    const label = join ? valueAt(row, `${join.as}.${field.ref?.labelField}`) : undefined;
    return label ?? value ?? null;
  }
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'select': {
      // the option's label in the language in force
      const option = field.options?.find((o) => String(o.value) === String(value));
      return option ? optionIn(option).label : String(value);
    }
    case 'datetime':
      return formatDate(value, DATE_TIME_FORMAT);
    case 'json': {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return text.length > 60 ? `${text.slice(0, 57)}…` : text;
    }
    default:
      return value as string | number;
  }
}
