import type { Summary } from '@fleet/shared/answers/summary.ts';
import { lazy } from 'react';

/** The vessel's track for the period; Leaflet and the map base load with the first map shown. */
export const VesselTrackMap = lazy(() => import('./VesselTrackMap.tsx'));

/** Whether a summary holds any data at all ('No Data' otherwise). */
export const hasData = (s: Summary | undefined): s is Summary => !!s && s.firstData != null;
