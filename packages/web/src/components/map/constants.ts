/** Map constants of spec 002 §2.5 and §9 (one place; docs/domain.md "Fleet map"). */
export const MAP_MIN_ZOOM = 5;
export const MAP_MAX_ZOOM = 19;
/** Default centre, near Jakarta. */
export const MAP_DEFAULT_CENTER: [number, number] = [-6.2, 106.8];
export const MAP_DEFAULT_ZOOM = 6;
/** Padding in pixels when the map fits all visible vessels. */
export const MAP_FIT_PADDING = 100;
/** Zoom of 'Zoom to Ship'. */
export const MAP_SHIP_ZOOM = 15;

/** Trail line: weight and colours by the vessel's online state. */
export const TRAIL_WEIGHT = 4;
export const TRAIL_COLOR_ONLINE = '#28F385';
export const TRAIL_COLOR_OFFLINE = '#FF3B30';

/** Vessel icon sizes [width, height] in pixels (spec 002 §2.5). */
export const VESSEL_ICON_SIZE = { ship: [40, 56], tug: [60, 86] } as const;
