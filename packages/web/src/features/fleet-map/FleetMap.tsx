import type L from 'leaflet';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { BaseMap, DotTrailLayer, TrailLayer, VesselLayer, type VesselMarkerData } from '../../components/map/index.ts';
import { routeNames } from '../../routing/route-names.ts';
import { useFilter } from '../../stores/filter.ts';
import { type FleetVessel, useVessel, vesselMarker } from './fleet-data.ts';
import type { FleetStore } from './fleet-store.ts';
import { LiveVesselLayer } from './LiveVesselLayer.tsx';
import { type TrailPointInfo, useVesselTrail } from './trail-data.ts';
import { fmtTime, PopupPages, VesselPopupFooter } from './VesselPopup.tsx';

export interface TrailState {
  trail: boolean;
  dot: boolean;
}

export interface FleetMapProps {
  /** the vessels to draw (re-rendered with the caller), or… */
  vessels?: FleetVessel[];
  /** …the live fleet, drawn from the store in place without re-rendering (the fleet map home) */
  store?: FleetStore;
  /** massIds shown on the map (Show Ship) */
  visible: (massId: number) => boolean;
  trails: Record<number, TrailState>;
  onTrails: (massId: number, t: TrailState) => void;
  /** spec option hideVoyageButton (the voyage report's map) */
  hideVoyageButton?: boolean;
  onReady?: (map: L.Map) => void;
  center?: [number, number];
  zoom?: number;
  children?: React.ReactNode;
}

/** The vessels, their popups and trails over the base map (fleet map home and voyage report). */
export function FleetMap({
  vessels = NO_VESSELS,
  store,
  visible,
  trails,
  onTrails,
  hideVoyageButton,
  onReady,
  center,
  zoom,
  children,
}: FleetMapProps) {
  const navigate = useNavigate();
  const setCurrentAsset = useFilter((s) => s.setCurrentAsset);
  const go = (massId: number, path: string) => {
    setCurrentAsset(massId);
    navigate(path);
  };
  const shown = useMemo(
    () => vessels.filter((v) => v.lat !== null && v.lng !== null && visible(v.massId)),
    [vessels, visible],
  );
  const markers = useMemo<VesselMarkerData[]>(() => shown.map(vesselMarker), [shown]);
  const byId = useMemo(() => new Map(vessels.map((v) => [v.massId, v])), [vessels]);
  const popup = (v: FleetVessel) => {
    const t = trails[v.massId] ?? { trail: false, dot: false };
    return (
      <PopupPages
        title={
          <>
            <b>{v.name}</b>{' '}
            <span className={v.online ? 'fm-online' : 'fm-offline'}>{v.online ? 'Online' : 'Offline'}</span>
            <div className="fm-popup-sub">Last Update {fmtTime(v.lastUpdate)}</div>
          </>
        }
        n={{
          location: v.location,
          totalCruiseNm: v.summary?.totalCruise ?? null,
          avgSpeedKnot: v.summary?.averageSpeedKnot ?? null,
          ae: v.ae,
          portRpm: v.portRpm,
          starboardRpm: v.starboardRpm,
          portInFlowrate: v.portInFlowrate,
          starboardInFlowrate: v.starboardInFlowrate,
        }}
        footer={
          <VesselPopupFooter
            trail={t.trail}
            dotTrail={t.dot}
            onTrail={(on) => onTrails(v.massId, { trail: on, dot: on && t.dot })}
            onDotTrail={(on) => onTrails(v.massId, { ...t, dot: on })}
            onReport={() => go(v.massId, routeNames.ReportWrapper('ReportSummary'))}
            onDashboard={() => go(v.massId, routeNames.FmsDashboard())}
            onVoyage={hideVoyageButton ? undefined : () => go(v.massId, routeNames.FmsVoyageReport())}
          />
        }
      />
    );
  };

  return (
    <BaseMap center={center} zoom={zoom} onReady={onReady}>
      {store ? (
        <>
          <LiveVesselLayer store={store} visible={visible} renderPopup={popup} />
          {Object.entries(trails)
            .filter(([id, t]) => t.trail && visible(Number(id)))
            .map(([id, t]) => (
              <LiveVesselTrail key={id} store={store} massId={Number(id)} dot={t.dot} />
            ))}
        </>
      ) : (
        <>
          <VesselLayer
            vessels={markers}
            renderPopup={(m) => {
              const v = byId.get(m.id as number);
              return v ? popup(v) : null;
            }}
          />
          {shown
            .filter((v) => trails[v.massId]?.trail)
            .map((v) => (
              <VesselTrail key={v.massId} vessel={v} dot={!!trails[v.massId]?.dot} />
            ))}
        </>
      )}
      {children}
    </BaseMap>
  );
}

const NO_VESSELS: FleetVessel[] = [];

/** A trail of the live fleet: follows its vessel through the store. */
function LiveVesselTrail({ store, massId, dot }: { store: FleetStore; massId: number; dot: boolean }) {
  const v = useVessel(store, massId);
  if (!v || v.lat === null || v.lng === null) return null;
  return <VesselTrail vessel={v} dot={dot} />;
}

/** One vessel's 24 h trail (and dot trail) ending at its current position. */
function VesselTrail({ vessel, dot }: { vessel: FleetVessel; dot: boolean }) {
  const q = useVesselTrail(vessel.massId, vessel.lastUpdate, true);
  const points = useMemo(() => {
    const list = q.data ?? [];
    return vessel.lat !== null && vessel.lng !== null ? [...list, { lat: vessel.lat, lng: vessel.lng }] : list;
  }, [q.data, vessel.lat, vessel.lng]);
  return (
    <>
      <TrailLayer points={points} online={vessel.online} />
      {dot && (
        <DotTrailLayer<TrailPointInfo>
          points={q.data ?? []}
          online={vessel.online}
          renderPopup={(p) => (
            <PopupPages
              title={<b>{vessel.name}</b>}
              n={{
                datetime: p.timestamp,
                location: p.location,
                totalCruiseNm: p.cruiseNm,
                avgSpeedKnot: p.speedKnot,
                ae: p.ae,
                portRpm: p.portRpm,
                starboardRpm: p.starboardRpm,
                portInFlowrate: p.portInFlowrate,
                starboardInFlowrate: p.starboardInFlowrate,
              }}
            />
          )}
        />
      )}
    </>
  );
}
