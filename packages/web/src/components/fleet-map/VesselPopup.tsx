import { Button, Space, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { num, qty } from '../format.ts';
import { componentsTexts } from '../texts.ts';
import { fleetMapTexts } from './texts.ts';
import './vessel-popup.css';

export const fmtTime = (ts: number | null) => (ts == null ? '-' : dayjs.unix(ts).format('DD-MM-YYYY HH:mm'));

/** The numbers of the two popup pages (spec 002 §2.5). */
export interface PopupNumbers {
  location: string | null;
  totalCruiseNm: number | null;
  avgSpeedKnot: number | null;
  ae: { label: string; running: boolean }[];
  portRpm: number | null;
  starboardRpm: number | null;
  portInFlowrate: number | null;
  starboardInFlowrate: number | null;
  /** dot-trail points add their time */
  datetime?: number;
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="fm-popup-row">
      <span className="fm-popup-label">{label}</span>
      <span className="fm-popup-value">{value}</span>
    </div>
  );
}

/** Two pages with Previous/Next; page 1 position and voyage, page 2 engines. Buttons and switches under them. */
export function PopupPages({ title, n, footer }: { title: ReactNode; n: PopupNumbers; footer?: ReactNode }) {
  const [page, setPage] = useState(1);
  const t = useTexts(fleetMapTexts);
  const c = useTexts(componentsTexts);
  return (
    <div className="fm-popup" data-testid="vessel-popup">
      <div className="fm-popup-title">{title}</div>
      {n.datetime !== undefined && <Row label={t('datetime')} value={fmtTime(n.datetime)} />}
      {page === 1 ? (
        <>
          <Row label={t('location')} value={n.location ?? '-'} />
          <Row label={t('totalCruise')} value={qty(n.totalCruiseNm, 'NM')} />
          <Row label={c('averageSpeed')} value={num(n.avgSpeedKnot)} />
          <Row
            label={t('currentAe')}
            value={
              n.ae.length
                ? n.ae.map((a) => (
                    <Tag key={a.label} color={a.running ? 'green' : 'default'}>
                      {t(a.running ? 'aeOn' : 'aeOff', { ae: a.label })}
                    </Tag>
                  ))
                : '-'
            }
          />
        </>
      ) : (
        <>
          <Row label={t('portRpm')} value={num(n.portRpm, 0)} />
          <Row label={t('starboardRpm')} value={num(n.starboardRpm, 0)} />
          <Row label={t('portInFlowrate')} value={qty(n.portInFlowrate, 'L/h')} />
          <Row label={t('starboardInFlowrate')} value={qty(n.starboardInFlowrate, 'L/h')} />
        </>
      )}
      <Space className="fm-popup-pager">
        <Button size="small" disabled={page === 1} onClick={() => setPage(1)}>
          {t('previous')}
        </Button>
        <span>{page} / 2</span>
        <Button size="small" disabled={page === 2} onClick={() => setPage(2)}>
          {t('next')}
        </Button>
      </Space>
      {footer}
    </div>
  );
}

/** The vessel popup's switches and buttons. */
export function VesselPopupFooter(props: {
  trail: boolean;
  dotTrail: boolean;
  onTrail: (on: boolean) => void;
  onDotTrail: (on: boolean) => void;
  onReport: () => void;
  onDashboard: () => void;
  onVoyage?: () => void;
}) {
  const t = useTexts(fleetMapTexts);
  return (
    <div className="fm-popup-footer">
      <span className="fm-switch">
        <Switch size="small" checked={props.trail} onChange={props.onTrail} aria-label={t('vesselTrail')} />{' '}
        {t('vesselTrail')}
      </span>
      {props.trail && (
        <span className="fm-switch">
          <Switch size="small" checked={props.dotTrail} onChange={props.onDotTrail} aria-label={t('dotTrail')} />{' '}
          {t('dotTrail')}
        </span>
      )}
      <Space wrap size={4}>
        <Button size="small" onClick={props.onReport}>
          {t('viewReport')}
        </Button>
        <Button size="small" onClick={props.onDashboard}>
          {t('viewDashboard')}
        </Button>
        {props.onVoyage && (
          <Button size="small" onClick={props.onVoyage}>
            {t('voyageReport')}
          </Button>
        )}
      </Space>
    </div>
  );
}
