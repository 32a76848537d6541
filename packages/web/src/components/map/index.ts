/**
 * The reusable map layer (issue 13). A base map plus layers that take plain data:
 *
 *   <BaseMap style={{ height: 400 }}>
 *     <VesselLayer vessels={[{ id: 1, lat, lng, heading, online: true, kind: 'tug', label: 'TB Alpha' }]}
 *                  renderPopup={(v) => <MyPopup id={v.id} />} />
 *     <TrailLayer points={[{ lat, lng }, …]} online />
 *     <DotTrailLayer points={points} online renderPopup={(p) => …} />
 *     <FitToPoints points={[[lat, lng]]} fitKey={massId} />
 *   </BaseMap>
 *
 * Works offline: the Natural Earth base (world-atlas) is always drawn; configured tile servers go on top.
 */

/** Map container: zoom 5–19, offline base, Change Map cycle, port labels; layers as children, panels in MapOverlay. */
export { BaseMap, type BaseMapProps, FitToPoints, MapOverlay } from './BaseMap.tsx';
/** Configured base layers (server config) and the remembered Change Map choice. */
export { OFFLINE_BASE_ID, useBaseLayerCycle, useBaseLayers } from './base-layers.ts';
/** Constants of spec 002 §2.5/§9: zooms, default centre, fit padding, trail colours, icon sizes. */
export * from './constants.ts';
/** The offline base alone (already inside BaseMap) and the lazily loaded land polygons. */
export { loadLand, NaturalEarthBase, OFFLINE_COLORS } from './NaturalEarthBase.tsx';
/** Port dots and names (already inside BaseMap unless portLabels={false}). */
export { PortLabels, usePorts } from './PortLabels.tsx';
/** Trail polyline (weight 4, green online / red offline) and dot trail with per-point popups. */
export { DotTrailLayer, type DotTrailLayerProps, TrailLayer, type TrailPoint } from './TrailLayer.tsx';
/** All vessels on one canvas, updated in place; popups that follow their vessel. */
export { VesselLayer, type VesselLayerProps } from './VesselLayer.tsx';
/** The canvas hull used by VesselLayer, for non-React use. */
export { createVesselHull, VESSEL_COLORS, type VesselHullLayer, type VesselMarkerData } from './vessel-canvas.ts';
