import { Button, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { zoneHours } from '../../api/zone.ts';
import {
  defaultInterval,
  INTERVAL_NAMES,
  type Interval,
  type Mode,
  PRESETS,
  presetRange,
  type Selection,
} from '../../components/device/device-range.ts';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { devicesTexts } from './texts.ts';

/** How the Device Detail range is written (picker and note). */
export const RANGE_NOTE_FORMAT = 'DD MMM YYYY HH:mm';

const INTERVAL_LABELS = {
  MINUTE: 'intervalMinute',
  HOUR: 'intervalHour',
  DAY: 'intervalDay',
  WEEK: 'intervalWeek',
  MONTH: 'intervalMonth',
} as const satisfies Record<Interval, keyof typeof devicesTexts.en>;

/**
 * The Device Detail date selection (spec 000 §4): a preset sets the range and its default interval, a picked range
 * turns the preset to Custom; Apply hands the selection over (the screen writes it to the query string).
 */
export function RangeBar({ value, onApply }: { value: Selection; onApply: (s: Selection) => void }) {
  const t = useTexts(devicesTexts);
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  const pickPreset = (mode: Mode) => {
    if (mode === 'custom') return setDraft((d) => ({ ...d, mode }));
    const now = Math.floor(Date.now() / 1000);
    setDraft({ mode, ...presetRange(mode, now, zoneHours()), aggregatedUnit: defaultInterval(mode) });
  };

  return (
    <Space wrap className="device-range-bar">
      <Select
        aria-label={t('range')}
        value={draft.mode}
        style={{ width: 150 }}
        options={PRESETS.map((p) => ({ value: p.mode, label: p.label }))}
        onChange={pickPreset}
      />
      <PeriodPicker
        aria-label={t('startAndEnd')}
        format={RANGE_NOTE_FORMAT}
        value={{ start: draft.start * 1000, end: draft.end * 1000 }}
        onChange={(r) => setDraft((d) => ({ ...d, mode: 'custom', start: r.start / 1000, end: r.end / 1000 }))}
      />
      <Select
        aria-label={t('dataInterval')}
        value={draft.aggregatedUnit}
        style={{ width: 120 }}
        options={INTERVAL_NAMES.map((u) => ({ value: u, label: t(INTERVAL_LABELS[u]) }))}
        onChange={(u) => setDraft((d) => ({ ...d, aggregatedUnit: u }))}
      />
      <Button type="primary" onClick={() => onApply(draft)} disabled={draft.end <= draft.start}>
        {t('apply')}
      </Button>
    </Space>
  );
}
