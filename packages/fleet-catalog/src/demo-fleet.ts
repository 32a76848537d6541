import type { TankSpec } from './tank.ts';

/**
 * The demo world: company groups, companies, ports and vessels with their devices.
 * `seedDemo` writes it into the database; the simulator (packages/simulator) reads it to know which
 * devices to simulate, where each vessel sails from and how its engines behave. Change a vessel here
 * and both follow.
 *
 * Device conventions (spec 000 §3, spec 002 §3.1, docs/domain.md §2):
 * - gateway `gateway-<code>` (a config event's mcevAssetId is the id without `gateway-`);
 * - flow meters end `-1` on the port side and `-3` on the starboard side; their role is the label
 *   (PORT_IN supply, PORT_OUT return, STARBOARD_IN/OUT, AE_IN/AE_OUT for the auxiliary engines, BUNKER_IN);
 * - RPM labels PORT / STARBOARD (a single-engine vessel has one RPM labelled PORT, and its Config RPM row is
 *   flagged single engine); AE labels AE1..AE3; temperatures EXHAUST_TEMPERATURE / TEMPERATURE (reservoir)
 *   with the side as the last dash segment of the unique id (1 port, 3 starboard);
 * - tanks `tank-<code>-1` / `-3`: the port and starboard fuel oil tanks, each with a sounding table.
 */

export type DeviceType = 'gateway' | 'gps' | 'rpm' | 'ae' | 'flowmeter' | 'temperature' | 'power' | 'tank';

export interface DemoDevice {
  uniqueId: string;
  type: DeviceType;
  label: string | null;
  name: string;
  description: string;
}

export type PortKey =
  | 'priok'
  | 'perak'
  | 'balikpapan'
  | 'samarinda'
  | 'banjarmasin'
  | 'semarang'
  | 'merak'
  | 'makassar'
  | 'cilacap'
  | 'dumai';

export interface Port {
  key: PortKey;
  /** the bunker location name (master list) */
  name: string;
  /** an anchorage in open water off the port, where a vessel waits (WGS 84 degrees) */
  lat: number;
  lon: number;
}

/** Real Indonesian ports; positions are their outer anchorages, so a simulated vessel starts at sea. */
export const PORTS: Record<PortKey, Port> = {
  priok: { key: 'priok', name: 'Tanjung Priok, Jakarta', lat: -6.045, lon: 106.885 },
  perak: { key: 'perak', name: 'Tanjung Perak, Surabaya', lat: -7.125, lon: 112.705 },
  balikpapan: { key: 'balikpapan', name: 'Semayang, Balikpapan', lat: -1.315, lon: 116.835 },
  samarinda: { key: 'samarinda', name: 'Samarinda (Muara Berau anchorage)', lat: -0.335, lon: 117.62 },
  banjarmasin: { key: 'banjarmasin', name: 'Trisakti, Banjarmasin (Taboneo anchorage)', lat: -3.72, lon: 114.46 },
  semarang: { key: 'semarang', name: 'Tanjung Emas, Semarang', lat: -6.915, lon: 110.42 },
  merak: { key: 'merak', name: 'Merak, Banten', lat: -5.915, lon: 105.975 },
  makassar: { key: 'makassar', name: 'Soekarno-Hatta, Makassar', lat: -5.115, lon: 119.37 },
  cilacap: { key: 'cilacap', name: 'Tanjung Intan, Cilacap', lat: -7.765, lon: 109.02 },
  dumai: { key: 'dumai', name: 'Dumai, Riau', lat: 1.71, lon: 101.43 },
};

export type DemoCompanyKey = 'samudra' | 'borneo' | 'celebes';

export interface DemoCompany {
  key: DemoCompanyKey;
  name: string;
  address: string;
  pic: string;
  picPhone: string;
  phone: string;
  /** the IANA zone its days are cut in (docs/domain.md §1) */
  timezone: string;
}

export interface DemoGroup {
  name: string;
  nickName: string;
  address: string;
  city: string;
  telp: string;
  fax: string;
  companies: DemoCompany[];
}

/** Two groups: the demo group with two companies, and a second group for tenant isolation. */
export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: 'Demo Maritime Group',
    nickName: 'DMG',
    address: 'Jl. Yos Sudarso Kav. 88, Tanjung Priok',
    city: 'Jakarta Utara',
    telp: '021-4390 1188',
    fax: '021-4390 1189',
    companies: [
      {
        key: 'samudra',
        name: 'PT Samudra Tirta Marine',
        address: 'Jl. Enggano No. 12, Tanjung Priok, Jakarta Utara 14310',
        pic: 'Budi Santoso',
        picPhone: '0852 1180 4412',
        phone: '021-4301 2250',
        timezone: 'Asia/Jakarta', // WIB
      },
      {
        key: 'borneo',
        name: 'PT Borneo Tug & Barge',
        address: 'Jl. Jenderal Sudirman No. 45, Klandasan Ilir, Balikpapan 76113',
        pic: 'Rina Wulandari',
        picPhone: '0852 5077 3190',
        phone: '0542-733 415',
        timezone: 'Asia/Makassar', // WITA: Balikpapan
      },
    ],
  },
  {
    name: 'Celebes Shipping Group',
    nickName: 'CSG',
    address: 'Jl. Nusantara No. 160',
    city: 'Makassar',
    telp: '0411-331 920',
    fax: '0411-331 921',
    companies: [
      {
        key: 'celebes',
        name: 'PT Celebes Bahari Lines',
        address: 'Jl. Nusantara No. 160, Ujung Tanah, Makassar 90163',
        pic: 'Andi Pratama',
        picPhone: '0852 4200 6718',
        phone: '0411-332 077',
        timezone: 'Asia/Makassar', // WITA
      },
    ],
  },
];

export interface DemoVariant {
  /** 2 = port and starboard main engines; 1 = a single main engine (port side) */
  engines: 1 | 2;
  /** supply/return flow meters on the main engines */
  engineFlowMeters: boolean;
  /** AE_IN / AE_OUT flow meters on the auxiliary engines' fuel line */
  aeFlowMeter: boolean;
  /** a BUNKER_IN flow meter on the bunkering manifold */
  bunkerFlowMeter: boolean;
  /** asset flagged under maintenance (asset.massMaintenance = 1) */
  maintenance: boolean;
}

export interface DemoEngine {
  /** maximum continuous rating */
  ratedRpm: number;
  /** Config RPM minimum: above it the engine counts as running */
  minRpm: number;
  /** fuel at service speed, L/h per engine (Config RPM rate by time) */
  serviceFuelLph: number;
  /** L/kWh (Config RPM rate by power) */
  fuelPerKwh: number;
  /** per engine, kW */
  powerKw: number;
}

/** A fuel tank as its sounding table describes it (the simulator fills it by the same geometry). */
export type DemoTank = TankSpec;

export interface DemoVessel {
  /** short code used in every device id (gateway-tb01, gps-tb01 …) */
  code: string;
  name: string;
  company: DemoCompanyKey;
  assetType: string;
  /** shown as Installation Type */
  systemType: string;
  description: string;
  homePort: Port;
  /** ports the vessel usually sails between (for the simulator's voyages) */
  tradingPorts: Port[];
  /** fuel burnt by the engines (fuel type name of the master list) */
  fuelType: string;
  variant: DemoVariant;
  engine: DemoEngine;
  /** auxiliary engines (gensets) 1..3 with their Config AE rate by time, L/h */
  aes: { no: 1 | 2 | 3; rateLph: number; powerKw: number }[];
  tanks: DemoTank[];
  /** service speed in knots */
  serviceSpeedKn: number;
  devices: DemoDevice[];
}

type VesselSpec = Omit<DemoVessel, 'devices'>;

const SIDE = { 1: 'PORT', 3: 'STARBOARD' } as const;

/** The devices a vessel of this variant carries, named by the conventions above. */
function devicesOf(v: VesselSpec): DemoDevice[] {
  const c = v.code;
  const tag = c.toUpperCase();
  const d = (uniqueId: string, type: DeviceType, label: string | null, name: string, description: string) => ({
    uniqueId,
    type,
    label,
    name: `${tag} ${name}`,
    description,
  });
  const sides: (1 | 3)[] = v.variant.engines === 2 ? [1, 3] : [1];
  const main = v.variant.engines === 2 ? (s: 1 | 3) => `${SIDE[s]} main engine` : () => 'main engine';
  const out: DemoDevice[] = [
    d(`gateway-${c}`, 'gateway', null, 'Gateway', `Onboard gateway of ${v.name}: collects every sensor and uplinks`),
    d(`gps-${c}`, 'gps', null, 'GPS', `GNSS receiver on the wheelhouse of ${v.name}`),
    d(`power-${c}`, 'power', null, 'Power Supply', 'Gateway power supply with battery backup'),
  ];
  for (const s of sides) {
    out.push(d(`rpm-${c}-${s}`, 'rpm', SIDE[s], `RPM ${SIDE[s]}`, `Magnetic pickup on the flywheel of the ${main(s)}`));
  }
  for (const ae of v.aes) {
    out.push(
      d(`ae-${c}-${ae.no}`, 'ae', `AE${ae.no}`, `AE${ae.no}`, `Auxiliary engine ${ae.no} (${ae.powerKw} kW genset)`),
    );
  }
  if (v.variant.engineFlowMeters) {
    for (const s of sides) {
      out.push(
        d(`fm-${c}-${s}`, 'flowmeter', `${SIDE[s]}_IN`, `Flowmeter ${SIDE[s]} IN`, `Fuel supply to the ${main(s)}`),
        d(`fm-${c}-r-${s}`, 'flowmeter', `${SIDE[s]}_OUT`, `Flowmeter ${SIDE[s]} OUT`, `Fuel return of the ${main(s)}`),
      );
    }
  }
  if (v.variant.aeFlowMeter) {
    out.push(
      d(`fm-${c}-ae-2`, 'flowmeter', 'AE_IN', 'Flowmeter AE IN', 'Fuel supply to the auxiliary engines'),
      d(`fm-${c}-ae-r-2`, 'flowmeter', 'AE_OUT', 'Flowmeter AE OUT', 'Fuel return of the auxiliary engines'),
    );
  }
  if (v.variant.bunkerFlowMeter) {
    out.push(d(`fm-${c}-bunker`, 'flowmeter', 'BUNKER_IN', 'Flowmeter BUNKER IN', 'Bunkering manifold, fuel received'));
  }
  for (const s of sides) {
    out.push(
      d(
        `temp-${c}-exh-${s}`,
        'temperature',
        'EXHAUST_TEMPERATURE',
        `Exhaust Temperature ${SIDE[s]}`,
        `Exhaust gas temperature after the turbocharger, ${SIDE[s]} main engine`,
      ),
      d(
        `temp-${c}-res-${s}`,
        'temperature',
        'TEMPERATURE',
        `Reservoir Temperature ${SIDE[s]}`,
        `Fuel temperature in the ${SIDE[s]} service tank`,
      ),
    );
  }
  for (const t of v.tanks) {
    out.push(
      d(
        `tank-${c}-${t.side}`,
        'tank',
        null,
        `Fuel Oil Tank ${SIDE[t.side]}`,
        `Radar level gauge, FO tank ${SIDE[t.side]}`,
      ),
    );
  }
  return out;
}

const HSD = 'HSD (High Speed Diesel)';
const MFO = 'MFO (Marine Fuel Oil)';
const B35 = 'Biosolar B35';

const bothTanks = (lengthM: number, widthM: number, heightM: number): DemoTank[] =>
  ([1, 3] as const).map((side) => ({
    side,
    lengthM,
    widthM,
    keelWidthM: widthM * 0.55,
    taperHeightM: heightM * 0.3,
    heightM,
  }));

const specs: VesselSpec[] = [
  {
    code: 'tb01',
    name: 'TB Samudra Perkasa 01',
    company: 'samudra',
    assetType: 'Tug Boat',
    systemType: 'FMS Twin Engine + AE Flowmeter',
    description: 'Harbour and coastal towing tug, 2 x 1,200 HP, bollard pull 32 t',
    homePort: PORTS.priok,
    tradingPorts: [PORTS.priok, PORTS.merak, PORTS.cilacap],
    fuelType: HSD,
    variant: { engines: 2, engineFlowMeters: true, aeFlowMeter: true, bunkerFlowMeter: false, maintenance: false },
    engine: { ratedRpm: 1600, minRpm: 400, serviceFuelLph: 118, fuelPerKwh: 0.24, powerKw: 895 },
    aes: [
      { no: 1, rateLph: 5, powerKw: 80 },
      { no: 2, rateLph: 5, powerKw: 80 },
      { no: 3, rateLph: 5, powerKw: 60 },
    ],
    tanks: bothTanks(4.2, 2.8, 2.4),
    serviceSpeedKn: 10.5,
  },
  {
    code: 'ot01',
    name: 'MT Samudra Jaya',
    company: 'samudra',
    assetType: 'Oil Tanker',
    systemType: 'FMS Twin Engine + Bunker Flowmeter',
    description: 'Coastal product tanker, 3,500 DWT, distributes HSD between Java ports',
    homePort: PORTS.perak,
    tradingPorts: [PORTS.perak, PORTS.semarang, PORTS.priok],
    fuelType: MFO,
    variant: { engines: 2, engineFlowMeters: true, aeFlowMeter: false, bunkerFlowMeter: true, maintenance: false },
    engine: { ratedRpm: 1000, minRpm: 400, serviceFuelLph: 210, fuelPerKwh: 0.23, powerKw: 1120 },
    aes: [
      { no: 1, rateLph: 6, powerKw: 150 },
      { no: 2, rateLph: 5, powerKw: 120 },
      { no: 3, rateLph: 5, powerKw: 120 },
    ],
    tanks: bothTanks(6.5, 4.2, 3.6),
    serviceSpeedKn: 11,
  },
  {
    code: 'tb04',
    name: 'TB Samudra Bahari 04',
    company: 'samudra',
    assetType: 'Tug Boat',
    systemType: 'FMS Twin Engine',
    description: 'Assist tug, in dry dock at Tanjung Emas for its five-yearly special survey',
    homePort: PORTS.semarang,
    tradingPorts: [PORTS.semarang],
    fuelType: HSD,
    variant: { engines: 2, engineFlowMeters: true, aeFlowMeter: false, bunkerFlowMeter: false, maintenance: true },
    engine: { ratedRpm: 1600, minRpm: 400, serviceFuelLph: 105, fuelPerKwh: 0.24, powerKw: 745 },
    aes: [
      { no: 1, rateLph: 5, powerKw: 60 },
      { no: 2, rateLph: 5, powerKw: 60 },
    ],
    tanks: bothTanks(3.8, 2.6, 2.2),
    serviceSpeedKn: 10,
  },
  {
    code: 'sb01',
    name: 'MV Mahakam Express',
    company: 'borneo',
    assetType: 'Supply Boat',
    systemType: 'FMS Single Engine',
    description: 'Offshore supply boat serving the Mahakam delta platforms from Samarinda',
    homePort: PORTS.samarinda,
    tradingPorts: [PORTS.samarinda, PORTS.balikpapan],
    fuelType: B35,
    variant: { engines: 1, engineFlowMeters: true, aeFlowMeter: false, bunkerFlowMeter: false, maintenance: false },
    engine: { ratedRpm: 1800, minRpm: 400, serviceFuelLph: 160, fuelPerKwh: 0.24, powerKw: 970 },
    aes: [{ no: 1, rateLph: 3.6, powerKw: 45 }],
    tanks: bothTanks(4.6, 3.0, 2.5),
    serviceSpeedKn: 12,
  },
  {
    code: 'tb02',
    name: 'TB Barito Tangguh 02',
    company: 'borneo',
    assetType: 'Tug Boat',
    systemType: 'RPM Monitoring (no flowmeter)',
    description: 'Coal barge tug on the Barito river to Taboneo transhipment anchorage',
    homePort: PORTS.banjarmasin,
    tradingPorts: [PORTS.banjarmasin, PORTS.balikpapan],
    fuelType: HSD,
    variant: { engines: 2, engineFlowMeters: false, aeFlowMeter: false, bunkerFlowMeter: false, maintenance: false },
    engine: { ratedRpm: 1200, minRpm: 300, serviceFuelLph: 95, fuelPerKwh: 0.25, powerKw: 660 },
    aes: [
      { no: 1, rateLph: 5, powerKw: 50 },
      { no: 2, rateLph: 5, powerKw: 50 },
    ],
    tanks: bothTanks(4.0, 2.6, 2.3),
    serviceSpeedKn: 9,
  },
  {
    code: 'tb11',
    name: 'TB Celebes Mandiri 11',
    company: 'celebes',
    assetType: 'Tug Boat',
    systemType: 'FMS Twin Engine + AE Flowmeter',
    description: 'Ocean towing tug based in Makassar, 2 x 1,600 HP',
    homePort: PORTS.makassar,
    tradingPorts: [PORTS.makassar, PORTS.balikpapan, PORTS.perak],
    fuelType: HSD,
    variant: { engines: 2, engineFlowMeters: true, aeFlowMeter: true, bunkerFlowMeter: false, maintenance: false },
    engine: { ratedRpm: 1600, minRpm: 400, serviceFuelLph: 150, fuelPerKwh: 0.24, powerKw: 1190 },
    aes: [
      { no: 1, rateLph: 5, powerKw: 100 },
      { no: 2, rateLph: 5, powerKw: 100 },
      { no: 3, rateLph: 5, powerKw: 80 },
    ],
    tanks: bothTanks(5.0, 3.2, 2.6),
    serviceSpeedKn: 11,
  },
];

export const DEMO_FLEET: DemoVessel[] = specs.map((v) => ({ ...v, devices: devicesOf(v) }));
