import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import type { TrackerStatus } from '@fleet/shared/answers/tracker.ts';
import { Alert, Button, Switch } from 'antd';
import type L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import {
  fetchTrail,
  localTime,
  pointValue,
  TRACKER,
  type TrackerPoint,
  useTrackerPulse,
  useTrackers,
} from '../../api/tracker.ts';
import { useCan } from '../../auth/permissions.ts';
import { BaseMap, FitToPoints, TrailLayer, VesselLayer } from '../../components/map/index.ts';
import type { VesselMarkerData } from '../../components/map/vessel-canvas.ts';
import { Page } from '../../components/Page.tsx';
import { CommandModal } from './CommandModal.tsx';
import { DatalogPanel } from './DatalogPanel.tsx';
import { trackerTexts } from './texts.ts';
import './tracker.css';
import { coordinate, num, qty } from '../../components/format.ts';

interface TrackerMarker extends VesselMarkerData {
  tracker: TrackerStatus;
  point: PulseRow;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="tk-popup-row">
      <span className="tk-popup-label">{label}</span>
      <span className="tk-popup-value">{value}</span>
    </div>
  );
}

/**
 * The Teltonika Map (spec 002 §2.12; route /teltonika-map and the Teltonika Map tab of /report): one rotated marker
 * per tracker of the user's company at its latest point, a popup with the point and Show Trail / View Datalog,
 * one trail at a time (24 h before the last point), the datalog side panel, and codec 12 commands for users who
 * may update teltonika_map.
 */
export function TeltonikaMapView() {
  const t = useTexts(trackerTexts);
  const trackers = useTrackers();
  const ids = useMemo(() => (trackers.data ?? []).map((x) => x.devcId), [trackers.data]);
  const pulse = useTrackerPulse(ids);
  const canCommand = useCan('teltonika_map', 'update');
  const map = useRef<L.Map | null>(null);
  const [trail, setTrail] = useState<{ devcId: number; points: TrackerPoint[] } | null>(null);
  const [trailLoading, setTrailLoading] = useState<number | null>(null);
  const [datalog, setDatalog] = useState<TrackerStatus | null>(null);
  const [command, setCommand] = useState<TrackerStatus | null>(null);
  const [openId, setOpenId] = useState<number | string | null>(null);

  const markers: TrackerMarker[] = useMemo(() => {
    const byId = new Map((trackers.data ?? []).map((x) => [x.devcId, x]));
    const out: TrackerMarker[] = [];
    for (const p of pulse.data ?? []) {
      const tracker = byId.get(Number(p.devcId)) ?? (trackers.data ?? []).find((x) => x.devcUniqueId === p.deviceId);
      const lat = pointValue(p, 'latitude');
      const lng = pointValue(p, 'longitude');
      if (!tracker || lat === null || lng === null) continue;
      out.push({
        id: tracker.devcId,
        lat,
        lng,
        heading: pointValue(p, 'angle'),
        // the server's flag (docs/domain.md §19): the pulse is read again every 10 s
        online: p.online,
        label: tracker.devcName,
        size: [TRACKER.markerSize / 2, TRACKER.markerSize],
        tracker,
        point: p,
      });
    }
    return out;
  }, [pulse.data, trackers.data]);

  // the map opens on the spec's centre, then fits every tracker once their first points are in (issue 28)
  const [fit, setFit] = useState<[number, number][] | null>(null);
  useEffect(() => {
    if (fit === null && markers.length) setFit(markers.map((m): [number, number] => [m.lat, m.lng]));
  }, [fit, markers]);

  // the open tracker stays in view as it moves, with room above it for its popup
  const open = markers.find((m) => m.id === openId);
  const openLat = open?.lat;
  const openLng = open?.lng;
  useEffect(() => {
    if (openLat !== undefined && openLng !== undefined)
      map.current?.panInside([openLat, openLng], { paddingTopLeft: [40, 330], paddingBottomRight: [40, 40] });
  }, [openLat, openLng]);

  /** One trail at a time: on → 24 h before the tracker's last point; no last point → the switch goes back off. */
  async function toggleTrail(m: TrackerMarker, on: boolean) {
    if (!on) {
      setTrail(null);
      return;
    }
    setTrail(null);
    const last = m.point.timestamp;
    if (!last) {
      console.warn('Tracker trail: no last data for device', m.tracker.devcUniqueId);
      return;
    }
    setTrailLoading(m.tracker.devcId);
    try {
      const points = await fetchTrail(m.tracker.devcId, last - TRACKER.trailHours * 3600, last + 1, 'MINUTE', 1);
      if (!points.length) console.warn('Tracker trail: no data for device', m.tracker.devcUniqueId);
      else setTrail({ devcId: m.tracker.devcId, points });
    } catch (err) {
      console.warn('Tracker trail: loading failed', err);
    } finally {
      setTrailLoading(null);
    }
  }

  const trailPoints = useMemo(
    () =>
      (trail?.points ?? [])
        .flatMap((p) => {
          const lat = pointValue(p, 'latitude');
          const lng = pointValue(p, 'longitude');
          return lat === null || lng === null ? [] : [{ lat, lng }];
        })
        .reverse(),
    [trail],
  );

  const popup = (v: VesselMarkerData) => {
    const m = v as TrackerMarker;
    const p = m.point;
    return (
      <div className="tk-popup" data-testid="tracker-popup">
        <div className="tk-popup-title">{m.tracker.devcName}</div>
        <Row label={t('device')} value={m.tracker.devcUniqueId} />
        <Row label={t('datetime')} value={localTime(p.timestamp)} />
        <Row label={t('latitude')} value={coordinate(pointValue(p, 'latitude'), 6)} />
        <Row label={t('longitude')} value={coordinate(pointValue(p, 'longitude'), 6)} />
        <Row label={t('altitude')} value={qty(pointValue(p, 'altitude'), 'm', 0)} />
        <Row label={t('angle')} value={qty(pointValue(p, 'angle'), 'deg', 0)} />
        <Row label={t('speed')} value={qty(pointValue(p, 'speed'), 'km/h', 0)} />
        <Row label={t('satellites')} value={num(pointValue(p, 'satellites'), 0)} />
        <div className="tk-popup-actions">
          <span>
            <Switch
              size="small"
              aria-label={t('showTrail')}
              checked={trail?.devcId === m.tracker.devcId}
              loading={trailLoading === m.tracker.devcId}
              onChange={(on) => void toggleTrail(m, on)}
            />{' '}
            {t('showTrail')}
          </span>
          <Button
            size="small"
            type="primary"
            onClick={() => {
              setOpenId(null);
              setDatalog(m.tracker);
            }}
          >
            {t('viewDatalog')}
          </Button>
          {canCommand && (
            <Button size="small" disabled={!m.tracker.online} onClick={() => setCommand(m.tracker)}>
              {t('command')}
            </Button>
          )}
        </div>
      </div>
    );
  };

  const noTrackers = trackers.isSuccess && trackers.data.length === 0;
  return (
    <div className={`tk-layout${datalog ? ' tk-with-panel' : ''}`}>
      <div className="tk-map" data-testid="teltonika-map">
        {noTrackers && (
          <Alert
            className="tk-empty"
            type="info"
            showIcon
            message={t('noTrackers')}
            description={t('noTrackersHelp')}
          />
        )}
        <BaseMap
          center={TRACKER.initialCenter}
          zoom={TRACKER.initialZoom}
          onReady={(m) => {
            map.current = m;
          }}
        >
          <VesselLayer
            vessels={markers}
            renderPopup={popup}
            openId={openId}
            onOpenChange={setOpenId}
            popupMinWidth={250}
          />
          {trailPoints.length > 1 && <TrailLayer points={trailPoints} online />}
          {fit && <FitToPoints points={fit} fitKey="trackers" maxZoom={TRACKER.initialZoom} />}
        </BaseMap>
        <nav className="tk-list" aria-label={t('trackers')}>
          {markers.map((m) => (
            <Button
              key={m.id}
              size="small"
              className={m.online ? 'tk-chip tk-online' : 'tk-chip tk-offline'}
              onClick={() => {
                map.current?.setView([m.lat, m.lng], TRACKER.deviceZoom);
                setOpenId(m.id);
              }}
            >
              {m.tracker.devcName}
            </Button>
          ))}
        </nav>
      </div>
      {datalog && (
        <DatalogPanel
          tracker={datalog}
          onClose={() => setDatalog(null)}
          onShowPoint={(p) => {
            const lat = pointValue(p, 'latitude');
            const lng = pointValue(p, 'longitude');
            if (lat !== null && lng !== null) map.current?.setView([lat, lng], TRACKER.deviceZoom);
          }}
        />
      )}
      {command && <CommandModal tracker={command} onClose={() => setCommand(null)} />}
    </div>
  );
}

export default function TeltonikaMap() {
  const t = useTexts(trackerTexts);
  return (
    <Page title={t('title')} className="tk-page">
      <TeltonikaMapView />
    </Page>
  );
}
