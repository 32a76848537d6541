import { DownOutlined } from '@ant-design/icons';
import { REPORT_KEYS, type ReportKey } from '@fleet/shared/answers/daily-report.ts';
import { Button, Checkbox, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { text, useTexts } from '../../api/i18n.ts';
import { periodSeconds } from '../../api/period.ts';
import { reportQuery, savePrint } from '../../api/reports.ts';
import { toast } from '../../api/toast.ts';
import { useFilter } from '../../stores/filter.ts';
import { reportFilterTexts } from './texts.ts';

/** Each report's name in the catalogue. */
const REPORT_TEXT: Record<ReportKey, keyof typeof reportFilterTexts.en> = {
  summary: 'reportSummary',
  vessel_tracking: 'reportVesselTracking',
  rpm_speed: 'reportRpmSpeed',
  fuel_characteristics: 'reportFuelCharacteristics',
  ae_usage: 'reportAeUsage',
};

/**
 * Report download dropdown (spec 002 §2.11, §5, §7.3): ticks report keys, Download All ticks all five, and
 * GET /api/reports/report/print/period/{start}/{end} saves the binary answer under the server's file name.
 * While running it shows 'Downloading...' and is disabled; a failure shows the server's message.
 */
export function ReportDownload() {
  const { range, currentAsset } = useFilter();
  const t = useTexts(reportFilterTexts);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<ReportKey[]>([]);
  const [busy, setBusy] = useState(false);
  const popup = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  /** Closes the popup; focus inside it goes back to the button that opened it. */
  const close = () => {
    if (popup.current?.contains(document.activeElement)) trigger.current?.focus();
    setOpen(false);
  };

  // a dialog opened from the keyboard takes focus: its first choice (the popup mounts a frame after opening)
  useEffect(() => {
    if (!open) return;
    let tries = 0;
    const timer = setInterval(() => {
      const first = popup.current?.querySelector('input');
      if (first || ++tries > 20) clearInterval(timer);
      first?.focus();
    }, 25);
    return () => clearInterval(timer);
  }, [open]);

  const download = async () => {
    if (picked.length === 0) {
      toast.warning(text(reportFilterTexts, 'noOptionsSelected'));
      return;
    }
    if (currentAsset == null) {
      toast.warning(text(reportFilterTexts, 'selectAnAsset'));
      return;
    }
    setBusy(true);
    close();
    try {
      const { start, end } = periodSeconds(range);
      await savePrint(start, end, reportQuery(currentAsset, start, end, picked), `report-${start}-${end}`);
    } catch (e) {
      console.error('report download failed', e);
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const all = picked.length === REPORT_KEYS.length;
  return (
    <Dropdown
      open={open}
      onOpenChange={(o) => !busy && (o ? setOpen(true) : close())}
      trigger={['click']}
      disabled={busy}
      popupRender={() => (
        // Tab moves between the choices (the dropdown's own Tab handling would close the popup); Esc closes it and
        // returns focus to the button
        <div
          ref={popup}
          className="report-download-menu"
          role="dialog"
          aria-label={t('reportDownload')}
          onKeyDown={(e) => {
            if (e.key === 'Tab') e.stopPropagation();
            if (e.key === 'Escape') close();
          }}
        >
          <Checkbox
            checked={all}
            indeterminate={picked.length > 0 && !all}
            onChange={(e) => setPicked(e.target.checked ? [...REPORT_KEYS] : [])}
          >
            {t('downloadAll')}
          </Checkbox>
          <Checkbox.Group
            value={picked}
            onChange={(v) => setPicked(v as ReportKey[])}
            options={REPORT_KEYS.map((k) => ({ value: k, label: t(REPORT_TEXT[k]) }))}
          />
          <Button type="primary" size="small" onClick={download}>
            {t('download')}
          </Button>
        </div>
      )}
    >
      <Button ref={trigger} disabled={busy}>
        {busy ? t('downloading') : t('downloadReport')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
