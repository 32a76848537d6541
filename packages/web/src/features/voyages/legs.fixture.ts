import type { Leg } from '@fleet/shared/answers/voyages.ts';

/** A leg of the Voyages screen's tests: 1 h under way from Tanjung Priok to Merak unless told otherwise. */
export const T0 = 1_800_000_000; // 2027-01-15 08:00 UTC = 15:00 WIB

export const fuel = (litres: number | null) => ({ litres, litres15: null, kg: null });
export function leg(o: Partial<Leg>): Leg {
  return {
    id: `7-${o.legStart ?? o.start ?? T0}`,
    assetId: 7,
    kind: 'underway',
    start: T0,
    end: T0 + 3600,
    // the leg's own boundaries: the clipped ones unless told otherwise
    legStart: o.start ?? T0,
    legEnd: o.end ?? T0 + 3600,
    ongoing: false,
    fromPlace: 'Tanjung Priok',
    toPlace: 'Merak',
    startLat: -6.1,
    startLng: 106.9,
    endLat: -5.9,
    endLng: 106.0,
    durationSeconds: 3600,
    underwaySeconds: 3300,
    distanceNm: 10.555,
    avgSpeedKn: 11.514,
    me: fuel(250.44),
    ae: fuel(20),
    totalLitres: 270.44,
    litresPerNm: 25.6217,
    litresPerHour: 270.44,
    co2Tonnes: 0.72333,
    corrected: false,
    ...o,
  };
}
