import { CheckCircleFilled, ShopOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { type SessionGroup, useSession } from '../../stores/session.ts';
import { selectionTexts } from './texts.ts';

const groupKey = (g: Pick<SessionGroup, 'grcpId'>) => String(g.grcpId ?? 'none');

/**
 * The group accordion of spec 000 §2 "Select Company": opening a group chooses it and clears the chosen
 * company unless it belongs to that group; Confirm needs both a group and a company.
 */
export function CompanySelector({
  onConfirm,
  confirmLabel,
}: {
  onConfirm: (compId: number) => Promise<void>;
  confirmLabel?: string;
}) {
  const groups = useSession((s) => s.groups);
  const active = useSession((s) => s.activeCompany);
  const initialGroup = active ? groups.find((g) => g.companies.some((c) => c.compId === active.compId)) : groups[0];
  const [group, setGroup] = useState<string | null>(initialGroup ? groupKey(initialGroup) : null);
  const [company, setCompany] = useState<number | null>(active?.compId ?? null);
  const [submitting, setSubmitting] = useState(false);
  const t = useTexts(selectionTexts);

  const chooseGroup = (key: string | null) => {
    setGroup(key);
    const g = groups.find((x) => groupKey(x) === key);
    if (!g?.companies.some((c) => c.compId === company)) setCompany(null);
  };

  const confirm = async () => {
    if (company === null || group === null) return;
    setSubmitting(true);
    try {
      await onConfirm(company);
    } finally {
      setSubmitting(false);
    }
  };

  if (groups.length === 0) return <Empty description={t('noCompany')} />;

  return (
    <div className="company-selector">
      <Collapse
        accordion
        activeKey={group ?? undefined}
        onChange={(keys) => chooseGroup((Array.isArray(keys) ? keys[0] : keys) ?? null)}
        items={groups.map((g) => ({
          key: groupKey(g),
          label: (
            <span className="company-selector-group">
              {g.grcpName}
              <span className="company-selector-count">
                {t(g.companies.length === 1 ? 'oneCompany' : 'companies', { n: g.companies.length })}
              </span>
            </span>
          ),
          children: (
            <div
              role="radiogroup"
              aria-label={t('companiesOf', { group: g.grcpName })}
              className="company-selector-list"
            >
              {g.companies.map((c) => {
                const chosen = c.compId === company;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a card-sized radio, keyboard handled below
                  <div
                    key={c.compId}
                    role="radio"
                    aria-checked={chosen}
                    tabIndex={0}
                    className={`choice-card${chosen ? ' choice-card-chosen' : ''}`}
                    onClick={() => {
                      setGroup(groupKey(g));
                      setCompany(c.compId);
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setGroup(groupKey(g));
                        setCompany(c.compId);
                      }
                    }}
                  >
                    <ShopOutlined className="choice-card-icon" aria-hidden />
                    <span className="choice-card-title">{c.compName}</span>
                    {active?.compId === c.compId && <Tag color="blue">{t('active')}</Tag>}
                    {c.compStatus === '0' && <Tag>{t('notApproved')}</Tag>}
                    {chosen && <CheckCircleFilled className="choice-card-check" aria-hidden />}
                  </div>
                );
              })}
            </div>
          ),
        }))}
      />
      <div className="selection-actions">
        <Button type="primary" disabled={company === null || group === null} loading={submitting} onClick={confirm}>
          {confirmLabel ?? t('confirm')}
        </Button>
      </div>
    </div>
  );
}
