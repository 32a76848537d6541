import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_TYPES } from '@fleet/shared/resources/device.ts';
import { CONDITION_OPERATORS, CONDITIONS_OPERATORS } from '@fleet/shared/resources/master-event.ts';
import { AutoComplete, Button, Empty, Input, Segmented, Select, Tooltip } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import { useLanguage, useTexts } from '../../../api/i18n.ts';
import { optionIn } from '../../../components/resource/language.ts';
import { eventsTexts } from './texts.ts';
import {
  type ConditionRow,
  type ConditionsOperator,
  type DeviceBlock,
  newDevice,
  newRow,
  parseThresholds,
} from './thresholds.ts';

const OPERATOR_OPTIONS = CONDITION_OPERATORS.map((o) => ({ value: o, label: o }));
const JOIN_OPTIONS = CONDITIONS_OPERATORS.map((o) => ({ value: o, label: o }));

/**
 * The thresholds of a master event (spec 001 §3): devices, each with an and/or operator between its
 * conditions and data rows (data key, comparison, value). A form control: value/onChange carry the blocks.
 */
export function ThresholdsEditor({
  value: given,
  onChange,
  disabled,
}: {
  /** the blocks, or the stored mevtThresholds JSON text (a form opening on a row) */
  value?: DeviceBlock[] | string | null;
  onChange?: (blocks: DeviceBlock[]) => void;
  disabled?: boolean;
}) {
  const t = useTexts(eventsTexts);
  const language = useLanguage();
  // device names as the readings name them, with the type's label in the language in force: 'ae (Auxiliary Engine)'
  const suggestions = DEVICE_TYPES.map((type) => ({
    value: String(type.value),
    label: t('deviceSuggestion', { value: String(type.value), label: optionIn(type, language).label }),
  }));
  const value = Array.isArray(given) ? given : parseThresholds(given);
  const set = (blocks: DeviceBlock[]) => onChange?.(blocks);
  const setDevice = (i: number, patch: Partial<DeviceBlock>) =>
    set(value.map((d, k) => (k === i ? { ...d, ...patch } : d)));
  const setRow = (i: number, r: number, patch: Partial<ConditionRow>) =>
    setDevice(i, { rows: value[i].rows.map((row, k) => (k === r ? { ...row, ...patch } : row)) });

  return (
    // the Form.Item's error is about the whole editor: it should not turn every input red
    <NoFormStyle status override>
      <div className="thresholds-editor">
        {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noConditionsYet')} />}
        {value.map((device, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position while names are typed
          <div className="thresholds-device" key={i} data-testid="threshold-device">
            <div className="thresholds-device-head">
              <AutoComplete
                aria-label={t('deviceName')}
                className="thresholds-device-name"
                value={device.name}
                options={suggestions}
                filterOption={(input, option) => String(option?.value).includes(input.toLowerCase())}
                onChange={(name) => setDevice(i, { name })}
                disabled={disabled}
                placeholder={t('deviceName')}
              />
              <span className="thresholds-join-label">{t('conditions')}</span>
              <Segmented
                aria-label={t('conditionsOperator')}
                size="small"
                options={JOIN_OPTIONS}
                value={device.conditionsOperator}
                onChange={(v) => setDevice(i, { conditionsOperator: v as ConditionsOperator })}
                disabled={disabled}
              />
              <Tooltip title={t('removeDevice')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('removeDeviceNamed', { name: device.name })}
                  onClick={() => set(value.filter((_, k) => k !== i))}
                  disabled={disabled}
                />
              </Tooltip>
            </div>
            <div className="thresholds-rows">
              {device.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; position is their identity
                <div className="thresholds-row" key={r} data-testid="threshold-row">
                  <span className="thresholds-row-join">{r === 0 ? t('where') : device.conditionsOperator}</span>
                  <Input
                    aria-label={t('dataKey')}
                    placeholder={t('dataKeyPlaceholder')}
                    value={row.key}
                    onChange={(e) => setRow(i, r, { key: e.target.value })}
                    disabled={disabled}
                  />
                  <Select
                    aria-label={t('operator')}
                    className="thresholds-operator"
                    options={OPERATOR_OPTIONS}
                    value={row.operator}
                    onChange={(operator) => setRow(i, r, { operator })}
                    disabled={disabled}
                  />
                  <Input
                    aria-label={t('value')}
                    placeholder={t('value')}
                    value={row.value}
                    onChange={(e) => setRow(i, r, { value: e.target.value })}
                    disabled={disabled}
                  />
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('removeCondition')}
                    onClick={() => setDevice(i, { rows: device.rows.filter((_, k) => k !== r) })}
                    disabled={disabled}
                  />
                </div>
              ))}
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => setDevice(i, { rows: [...device.rows, newRow()] })}
                disabled={disabled}
              >
                {t('addCondition')}
              </Button>
            </div>
          </div>
        ))}
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => set([...value, newDevice(value)])}
          disabled={disabled}
        >
          {t('addDevice')}
        </Button>
      </div>
    </NoFormStyle>
  );
}
