import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_TYPES } from '@fleet/shared/resources/device.ts';
import { CONDITION_OPERATORS, CONDITIONS_OPERATORS } from '@fleet/shared/resources/master-event.ts';
import { AutoComplete, Button, Empty, Input, Segmented, Select, Tooltip } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import {
  type ConditionRow,
  type ConditionsOperator,
  type DeviceBlock,
  newDevice,
  newRow,
  parseThresholds,
} from './thresholds.ts';

const DEVICE_SUGGESTIONS = DEVICE_TYPES.map((t) => ({ value: String(t.value), label: `${t.value} (${t.label})` }));
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
        {value.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No device conditions yet: the event never triggers until one is added."
          />
        )}
        {value.map((device, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position while names are typed
          <div className="thresholds-device" key={i} data-testid="threshold-device">
            <div className="thresholds-device-head">
              <AutoComplete
                aria-label="Device name"
                className="thresholds-device-name"
                value={device.name}
                options={DEVICE_SUGGESTIONS}
                filterOption={(input, option) => String(option?.value).includes(input.toLowerCase())}
                onChange={(name) => setDevice(i, { name })}
                disabled={disabled}
                placeholder="Device name"
              />
              <span className="thresholds-join-label">Conditions</span>
              <Segmented
                aria-label="Conditions operator"
                size="small"
                options={JOIN_OPTIONS}
                value={device.conditionsOperator}
                onChange={(v) => setDevice(i, { conditionsOperator: v as ConditionsOperator })}
                disabled={disabled}
              />
              <Tooltip title="Remove device">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove device ${device.name}`}
                  onClick={() => set(value.filter((_, k) => k !== i))}
                  disabled={disabled}
                />
              </Tooltip>
            </div>
            <div className="thresholds-rows">
              {device.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; position is their identity
                <div className="thresholds-row" key={r} data-testid="threshold-row">
                  <span className="thresholds-row-join">{r === 0 ? 'where' : device.conditionsOperator}</span>
                  <Input
                    aria-label="Data key"
                    placeholder="Data key (rpm)"
                    value={row.key}
                    onChange={(e) => setRow(i, r, { key: e.target.value })}
                    disabled={disabled}
                  />
                  <Select
                    aria-label="Operator"
                    className="thresholds-operator"
                    options={OPERATOR_OPTIONS}
                    value={row.operator}
                    onChange={(operator) => setRow(i, r, { operator })}
                    disabled={disabled}
                  />
                  <Input
                    aria-label="Value"
                    placeholder="Value"
                    value={row.value}
                    onChange={(e) => setRow(i, r, { value: e.target.value })}
                    disabled={disabled}
                  />
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label="Remove condition"
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
                Add Condition
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
          Add Device
        </Button>
      </div>
    </NoFormStyle>
  );
}
