import type { TrackerCommandAnswer, TrackerStatus } from '@fleet/shared/answers/tracker.ts';
import { AutoComplete, Button, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { sendCommand } from '../../api/tracker.ts';
import { trackerTexts } from './texts.ts';

/** Commands every Teltonika FMB answers (the device's SMS/GPRS command set). */
const PRESETS = ['getinfo', 'getver', 'getstatus', 'getgps', 'getio', 'readio 66'];

/**
 * A codec 12 command to a connected tracker (docs/api.md "Trackers"): the command goes out on the tracker's open
 * connection and the tracker's response is shown (or why there is none: not connected, no answer in time).
 */
export function CommandModal({ tracker, onClose }: { tracker: TrackerStatus; onClose: () => void }) {
  const t = useTexts(trackerTexts);
  const [command, setCommand] = useState('getinfo');
  const [sending, setSending] = useState(false);
  const [answers, setAnswers] = useState<(TrackerCommandAnswer | { command: string; error: string })[]>([]);

  async function send() {
    const text = command.trim();
    if (!text) return;
    setSending(true);
    try {
      const a = await sendCommand(tracker.devcId, text);
      setAnswers((list) => [a, ...list]);
    } catch (err) {
      setAnswers((list) => [{ command: text, error: isApiError(err) ? err.message : String(err) }, ...list]);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title={t('commandTo', { name: tracker.devcName, id: tracker.devcUniqueId })}
      onCancel={onClose}
      keyboard={false}
      maskClosable={false}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <div className="tk-command">
        <AutoComplete
          value={command}
          options={PRESETS.map((value) => ({ value }))}
          onChange={setCommand}
          style={{ flex: 1 }}
        >
          <Input aria-label={t('command')} maxLength={500} onPressEnter={() => void send()} />
        </AutoComplete>
        <Button type="primary" loading={sending} onClick={() => void send()}>
          {t('send')}
        </Button>
      </div>
      <div className="tk-answers" data-testid="command-answers">
        {answers.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at the front
          <div key={answers.length - i} className="tk-answer">
            <Typography.Text strong>{a.command}</Typography.Text>
            {'error' in a ? (
              <Typography.Paragraph type="danger">{a.error}</Typography.Paragraph>
            ) : (
              <>
                <Typography.Text type="secondary"> — {dayjs.unix(a.answerTime).format('HH:mm:ss')}</Typography.Text>
                <pre>{a.response}</pre>
              </>
            )}
          </div>
        ))}
      </div>
    </Modal>
  );
}
