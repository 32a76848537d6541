import { Button, Space, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { AVERAGE_SPEED_LABEL, num, qty } from '../format.ts';
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
  return (
    <div className="fm-popup" data-testid="vessel-popup">
      <div className="fm-popup-title">{title}</div>
      {n.datetime !== undefined && <Row label="Datetime" value={fmtTime(n.datetime)} />}
      {page === 1 ? (
        <>
          <Row label="Location" value={n.location ?? '-'} />
          <Row label="Total Cruise" value={qty(n.totalCruiseNm, 'NM')} />
          <Row label={AVERAGE_SPEED_LABEL} value={num(n.avgSpeedKnot)} />
          <Row
            label="Current AE"
            value={
              n.ae.length
                ? n.ae.map((a) => (
                    <Tag key={a.label} color={a.running ? 'green' : 'default'}>
                      {a.label} {a.running ? 'ON' : 'OFF'}
                    </Tag>
                  ))
                : '-'
            }
          />
        </>
      ) : (
        <>
          <Row label="Port RPM" value={num(n.portRpm, 0)} />
          <Row label="Starboard RPM" value={num(n.starboardRpm, 0)} />
          <Row label="Port In Flowrate" value={qty(n.portInFlowrate, 'L/h')} />
          <Row label="Starboard In Flowrate" value={qty(n.starboardInFlowrate, 'L/h')} />
        </>
      )}
      <Space className="fm-popup-pager">
        <Button size="small" disabled={page === 1} onClick={() => setPage(1)}>
          Previous
        </Button>
        <span>{page} / 2</span>
        <Button size="small" disabled={page === 2} onClick={() => setPage(2)}>
          Next
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
  return (
    <div className="fm-popup-footer">
      <span className="fm-switch">
        <Switch size="small" checked={props.trail} onChange={props.onTrail} aria-label="Vessel Trail" /> Vessel Trail
      </span>
      {props.trail && (
        <span className="fm-switch">
          <Switch size="small" checked={props.dotTrail} onChange={props.onDotTrail} aria-label="Dot Trail" /> Dot Trail
        </span>
      )}
      <Space wrap size={4}>
        <Button size="small" onClick={props.onReport}>
          View Report
        </Button>
        <Button size="small" onClick={props.onDashboard}>
          View Dashboard
        </Button>
        {props.onVoyage && (
          <Button size="small" onClick={props.onVoyage}>
            Voyage Report
          </Button>
        )}
      </Space>
    </div>
  );
}
