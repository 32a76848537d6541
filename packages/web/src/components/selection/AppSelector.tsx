import {
  AlertOutlined,
  AppstoreOutlined,
  CheckCircleFilled,
  DashboardOutlined,
  ExperimentOutlined,
  FireOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { type AppKey, useSession } from '../../stores/session.ts';
import { APPLICATIONS } from './applications.ts';
import { selectionTexts } from './texts.ts';

const ICONS: Record<AppKey, ReactNode> = {
  fms: <DashboardOutlined aria-hidden />,
  bunkering: <FireOutlined aria-hidden />,
  ehm: <ExperimentOutlined aria-hidden />,
  alert: <AlertOutlined aria-hidden />,
  pms: <ScheduleOutlined aria-hidden />,
  tlm: <AppstoreOutlined aria-hidden />,
};

/**
 * Spec 000 §2 "Select Application": one card per application, disabled ones cannot be chosen, the active
 * one is marked 'Active', 'Confirm Selection' is disabled until one is chosen.
 */
export function AppSelector({ onConfirm }: { onConfirm: (app: AppKey) => Promise<void> }) {
  const activeApp = useSession((s) => s.activeApp);
  const [chosen, setChosen] = useState<AppKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const t = useTexts(selectionTexts);

  const confirm = async () => {
    if (!chosen) return;
    setSubmitting(true);
    try {
      await onConfirm(chosen);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div>
      <div role="radiogroup" aria-label={t('applications')} className="app-grid">
        {APPLICATIONS.map((app) => {
          const isChosen = chosen === app.key;
          const choose = () => app.enabled && setChosen(app.key);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a card-sized radio, keyboard handled below
            <div
              key={app.key}
              role="radio"
              aria-checked={isChosen}
              aria-disabled={!app.enabled}
              tabIndex={app.enabled ? 0 : -1}
              data-app={app.key}
              className={`choice-card app-card${isChosen ? ' choice-card-chosen' : ''}${app.enabled ? '' : ' choice-card-disabled'}`}
              onClick={choose}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose();
                }
              }}
            >
              <div className="app-card-head">
                <span className="app-card-icon">{ICONS[app.key]}</span>
                {activeApp === app.key && <Tag color="blue">{t('active')}</Tag>}
                {!app.enabled && <Tag>{t('notAvailable')}</Tag>}
                {isChosen && <CheckCircleFilled className="choice-card-check" aria-hidden />}
              </div>
              <div className="choice-card-title">{app.name}</div>
              <div className="app-card-desc">{app.description}</div>
            </div>
          );
        })}
      </div>
      <div className="selection-actions">
        <Button type="primary" disabled={!chosen} loading={submitting} onClick={confirm}>
          {t('confirmSelection')}
        </Button>
      </div>
    </div>
  );
}
