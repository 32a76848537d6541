import { DEMO_FLEET, type DemoVessel } from '@fleet/fleet-catalog';

/** The demo catalogue the simulator feeds, and its vessels picked by variant (not by code, so the seed may change). */
export const fleet = DEMO_FLEET;

export function vesselWith(test: (v: DemoVessel) => boolean, what: string): DemoVessel {
  const v = fleet.find(test);
  if (!v) throw new Error(`the demo fleet has no ${what}`);
  return v;
}

export const twinWithAeMeter = () =>
  vesselWith(
    (v) => v.variant.engines === 2 && v.variant.engineFlowMeters && v.variant.aeFlowMeter && !v.variant.maintenance,
    'twin-engine vessel with AE meters',
  );
export const bunkerVessel = () =>
  vesselWith((v) => v.variant.bunkerFlowMeter && !v.variant.maintenance, 'vessel with a BUNKER_IN meter');
export const maintenanceVessel = () => vesselWith((v) => v.variant.maintenance, 'vessel under maintenance');
export const singleEngine = () =>
  vesselWith((v) => v.variant.engines === 1 && !v.variant.maintenance, 'single-engine vessel');
export const noFlowMeter = () =>
  vesselWith((v) => !v.variant.engineFlowMeters && !v.variant.maintenance, 'vessel without engine flow meters');

/** A fixed window of the simulated world (well after its epoch). */
export const T0 = Date.UTC(2026, 2, 1) / 1000;
export const DAY = 86_400;
