import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTexts } from '../api/i18n.ts';
import { saveCsv } from './csv.ts';
import { componentsTexts } from './texts.ts';
import { type Cell, saveXlsx } from './xlsx.ts';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * A list's two downloads (issue 31): 'Download XLSX' and 'Download CSV' of the same rows. `sheet` builds the rows
 * (header first) when a button is clicked, reading every page when the list is paged (resource/export.ts); the
 * screen shows the buttons only to a user who may read the list. One item of the caller's row of buttons, wrapping
 * on a phone.
 */
export function ExportButtons({
  sheet,
  fileName,
  disabled,
  size,
}: {
  sheet: () => Cell[][] | Promise<Cell[][]>;
  fileName: (ext: ExportFormat) => string;
  disabled?: boolean;
  size?: 'small' | 'middle';
}) {
  const t = useTexts(componentsTexts);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (ext: ExportFormat) => {
    setBusy(ext);
    try {
      const rows = await sheet();
      if (ext === 'xlsx') await saveXlsx(rows, 'Data', fileName(ext));
      else saveCsv(rows, fileName(ext));
    } catch {
      // a failed read has been toasted by the API client
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap size={8} className="export-buttons">
      <Button
        icon={<DownloadOutlined />}
        size={size}
        disabled={disabled}
        loading={busy === 'xlsx'}
        onClick={() => void download('xlsx')}
      >
        {t('downloadXlsx')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        size={size}
        disabled={disabled}
        loading={busy === 'csv'}
        onClick={() => void download('csv')}
      >
        {t('downloadCsv')}
      </Button>
    </Space>
  );
}
