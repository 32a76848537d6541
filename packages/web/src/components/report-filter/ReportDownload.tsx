import { DownOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown } from 'antd';
import { useState } from 'react';
import { toast } from '../../api/toast.ts';
import { storage } from '../../auth/storage.ts';
import { useFilter } from '../../stores/filter.ts';

/** The report keys of spec 002 §2.11, in the spec's order. */
export const REPORT_KEYS = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** The file name of a content-disposition header, else a name from the period. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Report download dropdown (spec 002 §2.11, §5, §7.3): ticks report keys, Download All ticks all five, and
 * GET /api/reports/report/print/period/{start}/{end} saves the binary answer under the server's file name.
 * While running it shows 'Downloading...' and is disabled; a failure shows the server's message.
 */
export function ReportDownload() {
  const { range, currentAsset } = useFilter();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<ReportKey[]>([]);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (picked.length === 0) {
      toast.warning('No options selected');
      return;
    }
    setBusy(true);
    setOpen(false);
    try {
      const start = Math.floor(range.start / 1000);
      const end = Math.ceil(range.end / 1000);
      const q = new URLSearchParams({
        devcMassId: String(currentAsset ?? ''),
        aggregatedUnit: 'HOUR',
        aggregatedLength: '1',
      });
      for (const r of picked) q.append('reports', r);
      if (end - start <= 86400) q.set('dataTables', 'true');
      const token = storage.token();
      const res = await fetch(`/api/reports/report/print/period/${start}/${end}?${q}`, {
        headers: token ? { Authentication: token } : {},
      });
      if (!res.ok) {
        let message = `Download failed (${res.status})`;
        try {
          const body = await res.json();
          if (body?.status?.message) message = String(body.status.message);
        } catch {
          /* not JSON */
        }
        throw new Error(message);
      }
      const blob = await res.blob();
      const name = fileNameOf(res.headers.get('content-disposition'), `report-${start}-${end}`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
      onOpenChange={(o) => !busy && setOpen(o)}
      trigger={['click']}
      disabled={busy}
      popupRender={() => (
        <div className="report-download-menu" role="dialog" aria-label="Report download">
          <Checkbox
            checked={all}
            indeterminate={picked.length > 0 && !all}
            onChange={(e) => setPicked(e.target.checked ? [...REPORT_KEYS] : [])}
          >
            Download All
          </Checkbox>
          <Checkbox.Group
            value={picked}
            onChange={(v) => setPicked(v as ReportKey[])}
            options={REPORT_KEYS.map((k) => ({ value: k, label: k }))}
          />
          <Button type="primary" size="small" onClick={download}>
            Download
          </Button>
        </div>
      )}
    >
      <Button disabled={busy}>
        {busy ? 'Downloading...' : 'Download Report'} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
