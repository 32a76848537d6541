import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import type { QueryParams } from '../api/client.ts';
import { downloadExport } from '../api/exports.ts';
import { useTexts } from '../api/i18n.ts';
import { saveCsv } from './csv.ts';
import { componentsTexts } from './texts.ts';
import { type Cell, saveXlsx } from './xlsx.ts';

export type ExportFormat = 'xlsx' | 'csv';

/** A file built in the browser: its rows (header first) and its name. */
interface BuiltFile {
  sheet: () => Cell[][] | Promise<Cell[][]>;
  fileName: (ext: ExportFormat) => string;
  streamed?: undefined;
}
/** A file streamed by the server (api/exports.ts): the export's path under /api and its query; the server names it. */
interface StreamedFile {
  streamed: (ext: ExportFormat) => { path: string; query?: QueryParams };
  sheet?: undefined;
  fileName?: undefined;
}

/**
 * A list's two downloads (issue 31): 'Download XLSX' and 'Download CSV' of the same rows. Either `sheet` builds the
 * rows when a button is clicked, reading every page when the list is paged (resource/export.ts), or `streamed` names
 * the server's export of the list (docs/api.md "Exports"), downloaded through a ticket. The screen shows the buttons
 * only to a user who may read the list. One item of the caller's row of buttons, wrapping on a phone.
 */
export function ExportButtons({
  disabled,
  size,
  ...file
}: (BuiltFile | StreamedFile) & {
  disabled?: boolean;
  size?: 'small' | 'middle';
}) {
  const t = useTexts(componentsTexts);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (ext: ExportFormat) => {
    setBusy(ext);
    try {
      if (file.streamed) {
        const { path, query } = file.streamed(ext);
        await downloadExport(path, query);
        return;
      }
      const rows = await file.sheet();
      if (ext === 'xlsx') await saveXlsx(rows, 'Data', file.fileName(ext));
      else saveCsv(rows, file.fileName(ext));
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
