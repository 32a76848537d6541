import type { BaseLayer } from '@fleet/shared/answers/geo.ts';
import 'leaflet/dist/leaflet.css';
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type L from 'leaflet';
import { type CSSProperties, createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { MapContainer, TileLayer, useMap, WMSTileLayer, ZoomControl } from 'react-leaflet';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { OFFLINE_BASE_ID, useBaseLayerCycle, useBaseLayers } from './base-layers.ts';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MAP_FIT_PADDING, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './constants.ts';
import { NaturalEarthBase } from './NaturalEarthBase.tsx';
import { PortLabels } from './PortLabels.tsx';
import { mapTexts } from './texts.ts';

export interface BaseMapProps {
  center?: [number, number];
  zoom?: number;
  /** configured tile layers; default: the server's configuration (`GET /api/geo/base-layers`) */
  baseLayers?: BaseLayer[];
  /** show the Change Map button (default true) */
  changeMap?: boolean;
  /** draw port dots and names (default true) */
  portLabels?: boolean;
  className?: string;
  style?: CSSProperties;
  /** receives the Leaflet map once created */
  onReady?: (map: L.Map) => void;
  /** layers (VesselLayer, TrailLayer, …) and controls */
  children?: ReactNode;
}

/** The box around the Leaflet container, where MapOverlay puts panels (null until it is mounted). */
const OverlayHost = createContext<HTMLDivElement | null>(null);

/**
 * The product's base map: Leaflet (react-leaflet MapContainer), zoom 5–19, the offline Natural Earth base
 * always underneath, the configured tile layer of the Change Map cycle on top, port labels. Put layers in
 * `children`, and panels over the map in a MapOverlay. Size it with `style`/`className` (it fills its box; give
 * the box a height). The box is a stacking context of its own (`isolation: isolate`): Leaflet's controls (z-index
 * 1000) and our panels stay under the sticky navigation bar when the page scrolls (issue 28).
 */
export function BaseMap({
  center = MAP_DEFAULT_CENTER,
  zoom = MAP_DEFAULT_ZOOM,
  baseLayers,
  changeMap = true,
  portLabels = true,
  className,
  style,
  onReady,
  children,
}: BaseMapProps) {
  const configured = useBaseLayers(baseLayers === undefined);
  const layers = baseLayers ?? configured;
  const cycle = useBaseLayerCycle(layers);
  const active = layers.find((l) => l.id === cycle.active);
  const t = useTexts(mapTexts);
  // Leaflet's zoom buttons take their titles when created: made again (key) when the language changes
  const language = useLanguage();
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  return (
    <div
      ref={setHost}
      className={className}
      style={{ position: 'relative', isolation: 'isolate', height: '100%', width: '100%', ...style }}
    >
      <MapContainer
        center={center}
        zoom={zoom}
        minZoom={MAP_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        worldCopyJump
        zoomControl={false}
        style={{ height: '100%', width: '100%' }}
        ref={(m) => {
          if (!m) return;
          // a handle for end-to-end tests and debugging: document.querySelector('.leaflet-container').leafletMap
          (m.getContainer() as HTMLElement & { leafletMap?: L.Map }).leafletMap = m;
          onReady?.(m);
        }}
      >
        <ZoomControl key={language} zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />
        <NaturalEarthBase />
        {active && <ConfiguredLayer layer={active} />}
        {portLabels && <PortLabels />}
        <OverlayHost.Provider value={host}>{children}</OverlayHost.Provider>
      </MapContainer>
      {changeMap && (
        <ChangeMapButton
          label={active ? active.name : t('offlineBase')}
          disabled={cycle.ids.length < 2}
          onClick={cycle.next}
        />
      )}
    </div>
  );
}

/**
 * Panels over a BaseMap (measure tool, coordinates table): drawn beside the Leaflet container, not inside it, so
 * that the map never sees their mouse and wheel events (no measure point, no drag, no zoom) while React and antd
 * see all of them. Leaflet's own remedy, `DomEvent.disableClickPropagation`, stops `mousedown` before it reaches
 * React's root: an antd Select inside then opens with the keyboard only (issue 28). Position the panels
 * absolutely: the box is the map's.
 */
export function MapOverlay({ children }: { children: ReactNode }) {
  const host = useContext(OverlayHost);
  return host ? createPortal(children, host) : null;
}

function ConfiguredLayer({ layer }: { layer: BaseLayer }) {
  const common = { attribution: layer.attribution, maxZoom: MAP_MAX_ZOOM };
  if (layer.kind === 'wms')
    return (
      <WMSTileLayer
        key={layer.id}
        url={layer.url}
        params={{ layers: layer.layers ?? '', format: 'image/png', transparent: true }}
        {...common}
      />
    );
  return <TileLayer key={layer.id} url={layer.url} {...common} />;
}

/** The 'Change Map' button (spec 002 §2.5): cycles the base layers; the name of the current one in its tooltip. */
function ChangeMapButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  const t = useTexts(mapTexts);
  const hint = disabled ? t('noTileServer', { layer: label }) : t('changeMapNow', { layer: label });
  return (
    <Tooltip title={hint} placement="left">
      <Button
        aria-label={t('changeMap')}
        icon={<GlobalOutlined />}
        onClick={onClick}
        disabled={disabled}
        // opaque also when disabled (antd's disabled background is translucent: the map's labels showed through)
        style={{ position: 'absolute', top: 10, right: 10, zIndex: 1000, background: '#fff' }}
      >
        {t('changeMap')}
      </Button>
    </Tooltip>
  );
}

/** Fits the map to the given points once per `fitKey` change (padding 100 px, spec 002 §9). */
export function FitToPoints({
  points,
  fitKey,
  maxZoom,
}: {
  points: [number, number][];
  fitKey: string | number;
  maxZoom?: number;
}) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: fit only when the caller says the set changed
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) map.setView(points[0], Math.min(maxZoom ?? 12, MAP_MAX_ZOOM));
    else map.fitBounds(points, { padding: [MAP_FIT_PADDING, MAP_FIT_PADDING], maxZoom });
  }, [map, fitKey]);
  return null;
}

export { OFFLINE_BASE_ID };
