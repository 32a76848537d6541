import { DownOutlined, SwapOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Space, Switch } from 'antd';
import { memo, type RefObject, useMemo, useRef, useState } from 'react';
import type { FleetVessel } from './fleet-data.ts';
import { fmtTime } from './VesselPopup.tsx';

const fmt = (v: number | null | undefined) => (v == null ? '-' : v.toFixed(2));

export interface ShipPanelProps {
  vessels: FleetVessel[];
  isVisible: (massId: number) => boolean;
  setVisible: (massIds: number[], visible: boolean) => void;
  trailOn: (massId: number) => boolean;
  setTrail: (massId: number, on: boolean) => void;
  onReport: (massId: number) => void;
  onDashboard: (massId: number) => void;
  onZoom: (massId: number) => void;
  onVoyage: (massId: number) => void;
}

/** The slide-up ship panel of spec 002 §2.5. */
export function ShipPanel(p: ShipPanelProps) {
  const [open, setOpen] = useState(true);
  const [search, setSearch] = useState('');
  const [switchView, setSwitchView] = useState<Set<number>>(new Set());
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return s ? p.vessels.filter((v) => v.name.toLowerCase().includes(s)) : p.vessels;
  }, [p.vessels, search]);
  // the cards call the latest handlers through a ref, so a memoised card need not re-render for new closures
  const actions = useRef<CardActions>(null as unknown as CardActions);
  actions.current = { ...p, toggleView: (id: number) => toggleView(id) };
  const toggleView = (id: number) =>
    setSwitchView((old) => {
      const n = new Set(old);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className={`fm-panel${open ? ' fm-panel-open' : ''}`} data-testid="ship-panel">
      <button type="button" className="fm-panel-handle" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? <DownOutlined /> : <UpOutlined />} Ships ({p.vessels.length})
      </button>
      {open && (
        <div className="fm-panel-body">
          <Space className="fm-panel-tools" wrap>
            <Input.Search
              placeholder="Search Asset Name..."
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 240 }}
            />
            <Button
              onClick={() =>
                p.setVisible(
                  shown.map((v) => v.massId),
                  true,
                )
              }
            >
              Show All
            </Button>
            <Button
              onClick={() =>
                p.setVisible(
                  shown.map((v) => v.massId),
                  false,
                )
              }
            >
              Hide All
            </Button>
          </Space>
          <div className="fm-cards">
            {shown.length === 0 && <Empty description="No vessels" />}
            {shown.map((v) => (
              <ShipCard
                key={v.massId}
                v={v}
                sw={switchView.has(v.massId)}
                trail={p.trailOn(v.massId)}
                shown={p.isVisible(v.massId)}
                actions={actions}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

type CardActions = Pick<
  ShipPanelProps,
  'setVisible' | 'setTrail' | 'onReport' | 'onDashboard' | 'onZoom' | 'onVoyage'
> & {
  toggleView: (massId: number) => void;
};

interface ShipCardProps {
  v: FleetVessel;
  sw: boolean;
  trail: boolean;
  shown: boolean;
  actions: RefObject<CardActions>;
}

/**
 * One ship card, memoised on what it shows: every push rebuilds all FleetVessel objects, and re-rendering 1,000
 * antd cards per push cost seconds of main thread (docs/benchmarks.md "Live push (issue 13)").
 */
const ShipCard = memo(
  function ShipCard({ v, sw, trail, shown, actions }: ShipCardProps) {
    return (
      <Card
        size="small"
        className="fm-card"
        data-testid={`ship-card-${v.massId}`}
        title={
          <span>
            {v.name} <span className={v.online ? 'fm-online' : 'fm-offline'}>{v.online ? 'Online' : 'Offline'}</span>
          </span>
        }
        extra={
          <Button
            size="small"
            type="text"
            icon={<SwapOutlined />}
            aria-label={sw ? 'Show info' : 'Show switches'}
            onClick={() => actions.current.toggleView(v.massId)}
          />
        }
      >
        {!sw ? (
          <dl className="fm-card-info">
            <dt>Location</dt>
            <dd>{v.location ?? '-'}</dd>
            <dt>Total Cruise (NM)</dt>
            <dd>{fmt(v.summary?.totalCruise)}</dd>
            <dt>Avg. Speed (knot)</dt>
            <dd>{fmt(v.summary?.averageSpeedKnot)}</dd>
            <dt>Last Update</dt>
            <dd>{fmtTime(v.lastUpdate)}</dd>
          </dl>
        ) : (
          <div className="fm-card-switches">
            <span className="fm-switch">
              <Switch
                size="small"
                checked={trail}
                onChange={(on) => actions.current.setTrail(v.massId, on)}
                aria-label={`Vessel Trail ${v.name}`}
              />{' '}
              Vessel Trail
            </span>
            <span className="fm-switch">
              <Switch
                size="small"
                checked={shown}
                onChange={(on) => actions.current.setVisible([v.massId], on)}
                aria-label={`Show Ship ${v.name}`}
              />{' '}
              Show Ship
            </span>
            <Space wrap size={4}>
              <Button size="small" onClick={() => actions.current.onReport(v.massId)}>
                Report
              </Button>
              <Button size="small" onClick={() => actions.current.onDashboard(v.massId)}>
                Dashboard
              </Button>
              <Button size="small" disabled={v.lat === null} onClick={() => actions.current.onZoom(v.massId)}>
                Zoom to Ship
              </Button>
              <Button size="small" onClick={() => actions.current.onVoyage(v.massId)}>
                Voyage Report
              </Button>
            </Space>
          </div>
        )}
      </Card>
    );
  },
  (a, b) =>
    a.sw === b.sw &&
    a.trail === b.trail &&
    a.shown === b.shown &&
    a.actions === b.actions &&
    a.v.name === b.v.name &&
    a.v.online === b.v.online &&
    a.v.location === b.v.location &&
    a.v.summary?.totalCruise === b.v.summary?.totalCruise &&
    a.v.summary?.averageSpeedKnot === b.v.summary?.averageSpeedKnot &&
    a.v.lastUpdate === b.v.lastUpdate &&
    (a.v.lat === null) === (b.v.lat === null),
);
