import { UploadOutlined } from '@ant-design/icons';
import {
  columnLabel,
  type ImportAnswer,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ResourceDef,
} from '@fleet/shared/resources/define.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { resourceKeys, resourcePath } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { useResourceDef } from './language.ts';
import { resourceTexts } from './texts.ts';

/** The file as the server reads it: its name and its bytes in base64. */
function readFile(file: File): Promise<{ fileName: string; content: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ fileName: file.name, content: String(reader.result).replace(/^[^,]*,/, '') });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Import of a list's rows from a CSV or XLSX file (issue 28; docs/api.md "Bulk actions and imports"): the server reads
 * the file and answers every row with its reasons (preview); Import stores the good rows, the rejected ones are left
 * out. `fixed`: the values every row gets (the tank header of a sounding table).
 */
export function ImportModal({
  def,
  open,
  fixed,
  onClose,
}: {
  def: ResourceDef;
  open: boolean;
  fixed?: Record<string, string | number>;
  onClose: () => void;
}) {
  const t = useTexts(resourceTexts);
  const view = useResourceDef(def);
  const client = useQueryClient();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fields = def.importFields ?? [];
  const kb = MAX_IMPORT_BYTES / 1024;

  const close = () => {
    setFile(null);
    setAnswer(null);
    setProblem(null);
    onClose();
  };
  const send = (body: { fileName: string; content: string }, commit: boolean) =>
    api.post<ImportAnswer>(`${resourcePath(def)}/import`, { ...body, fixed, commit });

  const choose = async (chosen: File) => {
    setAnswer(null);
    setProblem(null);
    if (chosen.size > MAX_IMPORT_BYTES) {
      setProblem(t('importTooLarge', { kb }));
      return;
    }
    setBusy('reading');
    try {
      const read = await readFile(chosen);
      setFile(read);
      setAnswer(await send(read, false));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const done = await send(file, true);
      toast.success(t('imported', { count: done.imported }));
      await client.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
      close();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const mapped = (answer?.columns ?? []).filter((c) => c.field).map((c) => c.field!);
  const ignored = (answer?.columns ?? []).filter((c) => !c.field && c.header.trim()).map((c) => c.header);
  return (
    <Modal
      open={open}
      title={t('importTitle', { title: view.texts.title })}
      width={760}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close} disabled={busy === 'importing'}>
          {t('close')}
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!answer || answer.valid === 0 || busy !== null}
          loading={busy === 'importing'}
          onClick={commit}
        >
          {t('importCommit', { count: answer?.valid ?? 0 })}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('importHint', {
          columns: fields.map((f) => columnLabel(view, f)).join(', '),
          rows: MAX_IMPORT_ROWS,
          kb,
        })}
      </Typography.Paragraph>
      <Upload
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          void choose(f);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={busy !== null}>
          {t('chooseFile')}
        </Button>
      </Upload>
      {file && <span style={{ marginLeft: 8 }}>{file.fileName}</span>}
      {busy === 'reading' && (
        <p style={{ marginTop: 12 }}>
          <Spin size="small" /> {t('importReading')}
        </p>
      )}
      {problem && <Alert type="error" showIcon style={{ marginTop: 12 }} message={problem} />}
      {answer && (
        <>
          <Alert
            className="import-summary"
            type={answer.rejected ? 'warning' : 'success'}
            showIcon
            style={{ marginTop: 12 }}
            message={t('importSummary', { valid: answer.valid, rejected: answer.rejected })}
            description={ignored.length ? t('ignoredColumns', { list: ignored.join(', ') }) : undefined}
          />
          <Table
            className="import-preview"
            size="small"
            style={{ marginTop: 12 }}
            rowKey="line"
            dataSource={answer.rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { key: 'line', title: t('line'), dataIndex: 'line', width: 64 },
              ...mapped.map((f) => ({
                key: f,
                title: columnLabel(view, f),
                render: (_: unknown, r: ImportAnswer['rows'][number]) => r.cells[f] ?? '',
              })),
              {
                key: 'errors',
                title: t('problems'),
                render: (_: unknown, r: ImportAnswer['rows'][number]) =>
                  r.errors.length ? (
                    <Typography.Text type="danger">{r.errors.join('; ')}</Typography.Text>
                  ) : (
                    <Typography.Text type="success">{t('rowOk')}</Typography.Text>
                  ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
