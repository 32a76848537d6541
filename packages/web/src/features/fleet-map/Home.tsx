import { Alert } from 'antd';
import type L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { FleetMap, type TrailState, useOpenVessel, type VesselLinks } from '../../components/fleet-map/FleetMap.tsx';
import { useFleetStore } from '../../components/fleet-map/useFleet.ts';
import { FitToPoints, MAP_SHIP_ZOOM } from '../../components/map/index.ts';
import { routeNames } from '../../routing/route-names.ts';
import { MeasureTool } from './MeasureTool.tsx';
import { ShipPanel } from './ShipPanel.tsx';
import { fleetMapTexts } from './texts.ts';
import { loadVisibility, saveVisibility } from './visibility.ts';
import './fleet-map.css';

/**
 * The fleet map home (spec 002 §2.5): live vessels, ship panel, trails, measure tool. The page itself renders on
 * user actions only: live readings go to the store, which moves the hulls and re-renders the affected cards.
 */
export default function Home() {
  const t = useTexts(fleetMapTexts);
  const { store, loading, live } = useFleetStore();
  const go = useOpenVessel();
  const [visibility, setVisibility] = useState<Map<number, boolean> | null>(null);
  const [trails, setTrails] = useState<Record<number, TrailState>>({});
  const map = useRef<L.Map | null>(null);
  const [wasOpen, setWasOpen] = useState(false);

  useEffect(() => {
    void loadVisibility().then(setVisibility);
  }, []);
  useEffect(() => {
    if (live === 'open') setWasOpen(true);
  }, [live]);

  const isVisible = useCallback((id: number) => visibility?.get(id) ?? true, [visibility]);
  const setVisible = (ids: number[], v: boolean) => {
    setVisibility((old) => {
      const n = new Map(old ?? []);
      for (const id of ids) n.set(id, v);
      return n;
    });
    void saveVisibility(ids.map((massId) => ({ massId, isVisible: v })));
  };
  // the same buttons on the map's popups and on the ship panel's cards
  const links = {
    onReport: (id: number) => go(id, routeNames.ReportWrapper('ReportSummary')),
    onDashboard: (id: number) => go(id, routeNames.FmsDashboard()),
    onVoyage: (id: number) => go(id, routeNames.FmsVoyageReport()),
  } satisfies VesselLinks;
  // fit the map once to the visible vessels, when the first positions are in the store
  const [fit, setFit] = useState<[number, number][] | null>(null);
  const fitReady = !loading && visibility !== null && fit === null;
  useEffect(() => {
    if (!fitReady) return;
    const look = () => {
      const points = store
        .getVessels()
        .filter((v) => v.lat !== null && v.lng !== null && isVisible(v.massId))
        .map((v): [number, number] => [v.lat!, v.lng!]);
      if (points.length) setFit(points);
    };
    look();
    return store.subscribe(look);
  }, [fitReady, store, isVisible]);

  return (
    <div className="fm-home">
      {wasOpen && live === 'lost' && <Alert className="fm-live-banner" type="warning" showIcon title={t('liveLost')} />}
      {wasOpen && live === 'open' && <span className="fm-live-dot" title={t('live')} data-testid="live-status" />}
      <FleetMap
        store={store}
        visible={isVisible}
        trails={trails}
        onTrails={(id, trail) => setTrails((old) => ({ ...old, [id]: trail }))}
        {...links}
        onReady={(m) => {
          map.current = m;
        }}
      >
        {fit && <FitToPoints points={fit} fitKey="ready" maxZoom={9} />}
        <MeasureTool />
      </FleetMap>
      <ShipPanel
        store={store}
        isVisible={isVisible}
        setVisible={setVisible}
        trailOn={(id) => !!trails[id]?.trail}
        setTrail={(id, on) => setTrails((old) => ({ ...old, [id]: { trail: on, dot: on && !!old[id]?.dot } }))}
        {...links}
        onZoom={(id) => {
          const v = store.getVessel(id);
          if (v?.lat != null && v.lng != null) map.current?.setView([v.lat, v.lng], MAP_SHIP_ZOOM);
        }}
      />
    </div>
  );
}
