import type { TankSpec } from '@fleet/fleet-catalog';
import type { VesselDeviceSpec, VesselSpec } from './vessel.ts';

/**
 * n synthetic vessels for the benchmark, in the demo catalogue's shape, with every device a vessel can carry
 * (twin engines with supply/return meters, AE meters, a bunker meter on the tankers, temperatures, tanks).
 * Device ids start `bench-`, so they never collide with the demo fleet's.
 */
export function benchFleet(n: number): VesselSpec[] {
  const homes = [
    'Tanjung Priok',
    'Tanjung Perak',
    'Balikpapan',
    'Banjarmasin',
    'Semarang',
    'Makassar',
    'Merak',
    'Samarinda',
  ];
  const trading: Record<string, string[]> = {
    'Tanjung Priok': ['Merak', 'Semarang'],
    'Tanjung Perak': ['Semarang', 'Balikpapan', 'Makassar'],
    Balikpapan: ['Samarinda', 'Banjarmasin'],
    Banjarmasin: ['Balikpapan', 'Tanjung Perak'],
    Semarang: ['Tanjung Perak', 'Tanjung Priok'],
    Makassar: ['Balikpapan', 'Tanjung Perak'],
    Merak: ['Panjang', 'Tanjung Priok'],
    Samarinda: ['Balikpapan'],
  };
  const tanks = (l: number, w: number, h: number): TankSpec[] =>
    ([1, 3] as const).map((side) => ({
      side,
      lengthM: l,
      widthM: w,
      keelWidthM: w * 0.55,
      taperHeightM: h * 0.3,
      heightM: h,
    }));

  return Array.from({ length: n }, (_, i) => {
    const code = `v${String(i + 1).padStart(3, '0')}`;
    const tanker = i % 4 === 1;
    const home = homes[i % homes.length];
    const dev = (kind: string, type: string, label: string | null, suffix = ''): VesselDeviceSpec => ({
      uniqueId: `bench-${kind}-${code}${suffix}`,
      type,
      label,
    });
    const devices: VesselDeviceSpec[] = [
      dev('gateway', 'gateway', null),
      dev('gps', 'gps', null),
      dev('power', 'power', null),
    ];
    for (const [s, side] of [
      [1, 'PORT'],
      [3, 'STARBOARD'],
    ] as const) {
      devices.push(
        dev('rpm', 'rpm', side, `-${s}`),
        dev('fm', 'flowmeter', `${side}_IN`, `-${s}`),
        dev('fm-r', 'flowmeter', `${side}_OUT`, `-${s}`),
        dev('temp-exh', 'temperature', 'EXHAUST_TEMPERATURE', `-${s}`),
        dev('temp-res', 'temperature', 'TEMPERATURE', `-${s}`),
        dev('tank', 'tank', null, `-${s}`),
      );
    }
    for (const no of [1, 2, 3]) devices.push(dev('ae', 'ae', `AE${no}`, `-${no}`));
    devices.push(dev('fm-ae', 'flowmeter', 'AE_IN', '-2'), dev('fm-ae-r', 'flowmeter', 'AE_OUT', '-2'));
    if (tanker) devices.push(dev('fm-bunker', 'flowmeter', 'BUNKER_IN'));
    return {
      code: `bench-${code}`,
      name: tanker ? `MT Bench ${i + 1}` : `TB Bench ${i + 1}`,
      assetType: tanker ? 'Oil Tanker' : 'Tug Boat',
      fuelType: 'HSD (High Speed Diesel)',
      homePort: home,
      tradingPorts: [home, ...trading[home]],
      variant: { engines: 2, engineFlowMeters: true, aeFlowMeter: true, bunkerFlowMeter: tanker, maintenance: false },
      engine: tanker
        ? { ratedRpm: 1000, minRpm: 400, serviceFuelLph: 210, fuelPerKwh: 0.23, powerKw: 1120 }
        : { ratedRpm: 1600, minRpm: 400, serviceFuelLph: 120 + (i % 3) * 15, fuelPerKwh: 0.24, powerKw: 900 },
      aes: [1, 2, 3].map((no) => ({ no, rateLph: 5 })),
      tanks: tanker ? tanks(6.5, 4.2, 3.6) : tanks(4.2, 2.8, 2.4),
      serviceSpeedKn: tanker ? 11 : 10.5,
      devices,
    };
  });
}
