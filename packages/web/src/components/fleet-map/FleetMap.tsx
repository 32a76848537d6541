import type L from 'leaflet';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../api/i18n.ts';
import { useFilter } from '../../stores/filter.ts';
import { BaseMap, DotTrailLayer, TrailLayer, VesselLayer, type VesselMarkerData } from '../map/index.ts';
import { type FleetVessel, vesselMarker } from './fleet-data.ts';
import type { FleetStore } from './fleet-store.ts';
import { LiveVesselLayer } from './LiveVesselLayer.tsx';
import { fleetMapTexts } from './texts.ts';
import { type TrailPointInfo, useVesselTrail } from './trail-data.ts';
import { useVessel } from './useFleet.ts';
import { fmtTime, PopupPages, VesselPopupFooter } from './VesselPopup.tsx';

export interface TrailState {
  trail: boolean;
  dot: boolean;
}

/** What a vessel's Report, Dashboard and Voyage buttons do (the caller knows the screens). */
export interface VesselLinks {
  onReport: (massId: number) => void;
  onDashboard: (massId: number) => void;
  /** left out: no Voyage button (the spec's hideVoyageButton, the voyage report's map) */
  onVoyage?: (massId: number) => void;
}

/** Opens a screen about one vessel: the filter's asset becomes that vessel, then `path` is shown. */
export function useOpenVessel(): (massId: number, path: string) => void {
  const navigate = useNavigate();
  const setCurrentAsset = useFilter((s) => s.setCurrentAsset);
  return (massId, path) => {
    setCurrentAsset(massId);
    navigate(path);
  };
}

export interface FleetMapProps extends VesselLinks {
  /** the vessels to draw (re-rendered with the caller), or… */
  vessels?: FleetVessel[];
  /** …the live fleet, drawn from the store in place without re-rendering (the fleet map home) */
  store?: FleetStore;
  /** massIds shown on the map (Show Ship) */
  visible: (massId: number) => boolean;
  trails: Record<number, TrailState>;
  onTrails: (massId: number, t: TrailState) => void;
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
  onReport,
  onDashboard,
  onVoyage,
  onReady,
  center,
  zoom,
  children,
}: FleetMapProps) {
  const shown = useMemo(
    () => vessels.filter((v) => v.lat !== null && v.lng !== null && visible(v.massId)),
    [vessels, visible],
  );
  const markers = useMemo<VesselMarkerData[]>(() => shown.map(vesselMarker), [shown]);
  const byId = useMemo(() => new Map(vessels.map((v) => [v.massId, v])), [vessels]);
  const tx = useTexts(fleetMapTexts);
  const popup = (v: FleetVessel) => {
    const t = trails[v.massId] ?? { trail: false, dot: false };
    return (
      <PopupPages
        title={
          <>
            <b>{v.name}</b>{' '}
            <span className={v.online ? 'fm-online' : 'fm-offline'}>{v.online ? tx('online') : tx('offline')}</span>
            <div className="fm-popup-sub">{tx('lastUpdate', { time: fmtTime(v.lastUpdate) })}</div>
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
            onReport={() => onReport(v.massId)}
            onDashboard={() => onDashboard(v.massId)}
            onVoyage={onVoyage && (() => onVoyage(v.massId))}
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
