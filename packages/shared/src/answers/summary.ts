import { z } from 'zod';

/**
 * The answers of the summary calls (docs/api.md "Summary API"): the per-vessel summary (spec 002 §3.1 "Summary keyed
 * by sensor group", "Per-period series record") and the combined data ("Combined report data per vessel"). The
 * server writes its answers with these schemas, the web app reads their types. Every number is computed by the
 * server; its meaning and unit are in docs/domain.md, the section named next to each field group. Timestamps are
 * epoch seconds.
 */
const num = z.number().nullable();
/** maps keyed by a bucket's epoch second */
const byTime = <T extends z.ZodType>(v: T) => z.record(z.string(), v);

export const SUMMARY_GROUPS = ['gps', 'rpm', 'flowmeter', 'ae', 'temperature'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

const position = z.object({ latitude: z.number(), longitude: z.number() }).nullable();

// §6–§8
const gpsPoint = z.object({
  timestamp: z.number(),
  latitude: num,
  longitude: num,
  speed: num,
  track: num,
  distance: z.number(),
});
const gpsGroup = z.object({
  data: byTime(gpsPoint),
  summary: z.object({
    averageSpeed: num,
    averageSpeedKnot: num,
    calculatedSpeed: num,
    totalDistance: z.number(),
    distance: z.number(),
    totalCruise: z.number(),
    firstPosition: position,
    lastPosition: position,
  }),
});

// §9, §17
const rpmPoint = z.object({ rpm: num, runningTime: z.number(), count: z.number() });
const rpmSide = z
  .object({
    devcId: z.number(),
    average: num,
    runningTime: z.number(),
    runningHours: z.number(),
    threshold: z.number(),
    sampleInterval: z.number(),
  })
  .nullable();
const rpmGroup = z.object({
  data: z.object({ PORT: byTime(rpmPoint), STARBOARD: byTime(rpmPoint) }),
  summary: z.object({ PORT: rpmSide, STARBOARD: rpmSide, singleEngine: z.boolean(), totalRPM: num }),
});

// §11–§15
const meterPoint = z.object({ volumeFlowrate: num, density: num, temperature: num, volumeInventory: num });
const flowPoint = z.object({
  portFuelCons: num,
  stbFuelCons: num,
  meFuelCons: num,
  aeFuelCons: num,
  totalFuelCons: num,
  PORT_IN: meterPoint.nullable(),
  STARBOARD_IN: meterPoint.nullable(),
});
const flowGroup = z.object({
  data: byTime(flowPoint),
  summary: z.object({
    portAverageFlow: num,
    starboardAverageFlow: num,
    portEngineCons: num,
    starboardEngineCons: num,
    stbEngineCons: num,
    meEngineCons: num,
    aeEngineCons: num,
    totalFuelCons: num,
    AE_IN: num,
    AE_OUT: num,
    portTotalAverageFlow: num,
    starboardTotalAverageFlow: num,
    PORT_IN_flowTime: num,
    STARBOARD_IN_flowTime: num,
    PORT_IN_averageDens: num,
    STARBOARD_IN_averageDens: num,
    PORT_IN_averageTemp: num,
    STARBOARD_IN_averageTemp: num,
    /** §11: the same fuel in litres at 15 °C (null where a meter lacks density or temperature) */
    portEngineCons15: num,
    starboardEngineCons15: num,
    meEngineCons15: num,
    /** §13: metered AE fuel only */
    aeEngineCons15: num,
    /** §11: the same fuel in kg from the mass totalisers (null where a meter has none) */
    portEngineConsKg: num,
    starboardEngineConsKg: num,
    meEngineConsKg: num,
    aeEngineConsKg: num,
    /** §23: CO₂ emitted (t) by the port, starboard and auxiliary engines' fuel; null without a factor */
    co2Emitted: num,
    /**
     * §11: the litres through each engine and AE meter's volume totaliser in the period (Σ δ of its readings); null
     * when the vessel has no such meter. Device Log Detail's 'Volume' (§22).
     */
    meterVolume: z.object({
      PORT_IN: num,
      PORT_OUT: num,
      STARBOARD_IN: num,
      STARBOARD_OUT: num,
      AE_IN: num,
      AE_OUT: num,
    }),
  }),
});

// §10, §13
const aeEngine = z
  .object({
    devcId: z.number(),
    fuelConsumption: z.number(),
    runningSeconds: z.number(),
    runningTime: z.number(),
    rate: z.number(),
  })
  .nullable();
const aePoint = z.object({ fuelConsumption: z.number(), runningSeconds: z.number(), runningTime: z.number() });
const aePoints = z.object({ AE1: aePoint.nullable(), AE2: aePoint.nullable(), AE3: aePoint.nullable() });
const aeGroup = z.object({
  AE1: aeEngine,
  AE2: aeEngine,
  AE3: aeEngine,
  totalFuelConsumption: num,
  metered: z.boolean(),
  data: byTime(aePoints),
});

// §16
const tempPoint = z.object({ timestamp: z.number(), temperature: z.number() });
const tempLabel = z.object({
  PORT: z.array(tempPoint),
  STARBOARD: z.array(tempPoint),
  additional: z.object({ AVG_dltmTemp_2: num }),
  avg: num,
  average: z.object({ PORT: num, STARBOARD: num }),
});
const temperatureGroup = z.object({ EXHAUST_TEMPERATURE: tempLabel, TEMPERATURE: tempLabel });

// spec 002 §3.1 "Per-period series record"
const detailRpm = z
  .object({ rpm: num, runningTime: z.number(), additional: z.object({ COUNTGT_dlrpRpm_1: z.number() }) })
  .nullable();
const detailMeter = z
  .object({
    temperature: num,
    density: num,
    volumeFlowrate: num,
    additional: z.object({ FIRST_dlfmVolInventory_0: num, LAST_dlfmVolInventory_1: num }),
  })
  .nullable();
const detailRecord = z.object({
  timestamp: z.number(),
  gpsData: z
    .object({
      latitude: num,
      longitude: num,
      track: num,
      speed: num,
      additional: z.object({ LAST_dlgpLatitude_4: num, LAST_dlgpLongitude_5: num, SUM_dlgpDistance_3: z.number() }),
    })
    .nullable(),
  rpmData: z.object({ PORT: detailRpm, STARBOARD: detailRpm }),
  fmData: z.object({
    PORT_IN: detailMeter,
    STARBOARD_IN: detailMeter,
    PORT_InFlow: num,
    STARBOARD_InFlow: num,
    PORT_InDens: num,
    STARBOARD_InDens: num,
  }),
  aeData: aePoints,
});

// §20
const sensorPercentage = z.object({
  devcId: z.number(),
  devcUniqueId: z.string(),
  devcName: z.string(),
  devcType: z.string(),
  devcLabel: z.string().nullable(),
  sampleInterval: z.number(),
  present: z.number(),
  expected: z.number(),
  percentage: z.number(),
});

export type SensorPercentage = z.infer<typeof sensorPercentage>;
export type MeterPoint = z.infer<typeof meterPoint>;
export type SummaryGps = z.infer<typeof gpsGroup>;
export type SummaryRpm = z.infer<typeof rpmGroup>;
export type SummaryFlowmeter = z.infer<typeof flowGroup>;
export type SummaryAe = z.infer<typeof aeGroup>;
export type SummaryTemperature = z.infer<typeof temperatureGroup>;
export type SummaryDetail = z.infer<typeof detailRecord>;

export const summarySchema = z.object({
  massId: z.number(),
  massName: z.string(),
  start: z.number(),
  end: z.number(),
  aggregatedUnit: z.enum(['MINUTE', 'HOUR', 'DAY']),
  timezone: z.number(),
  /** §18: flagged, or no RPM, AE and flow meter data */
  maintenance: z.boolean(),
  maintenanceFlag: z.boolean(),
  /** spec 002 §4 empty flags */
  empty: z.object({ rpm: z.boolean(), ae: z.boolean(), flowmeter: z.boolean() }),
  singleEngine: z.boolean(),
  hasFlowmeter: z.boolean(),
  hasAeFlowmeter: z.boolean(),
  firstData: num,
  lastData: num,
  /** §19 */
  lastGpsTime: num,
  dataStatus: z.enum(['online', 'offline']),
  sensorPercentage: z.array(sensorPercentage),
  gps: gpsGroup.optional(),
  rpm: rpmGroup.optional(),
  flowmeter: flowGroup.optional(),
  ae: aeGroup.optional(),
  temperature: temperatureGroup.optional(),
  details: z.array(detailRecord).optional(),
});
/** GET /api/summary/aggregated/period/{start}/{end} */
export type Summary = z.infer<typeof summarySchema>;

export const COMBINED_TYPES = ['gps', 'rpm', 'flowmeter', 'ae', 'temperature'] as const;
export type CombinedType = (typeof COMBINED_TYPES)[number];

const rpmRun = z.object({ rpm: num, runningTime: z.number() }).nullable();
const combinedAe = z
  .object({ runningTime: z.number(), fuelConsumption: z.number(), additional: z.object({ SUM_dlaeRpm_1: z.number() }) })
  .nullable();
const combinedMeter = meterPoint.nullable();
const combinedBucket = z.object({
  gps: z
    .object({
      latitude: num,
      longitude: num,
      firstLatitude: num,
      firstLongitude: num,
      timestamp: z.number(),
      speed: num,
      track: num,
      polyLength: z.number(),
    })
    .optional(),
  rpm: z.object({ PORT: rpmRun, STARBOARD: rpmRun, MAINENGINE: rpmRun }).optional(),
  flowmeter: z
    .object({
      portFuelCons: num,
      stbFuelCons: num,
      meFuelCons: num,
      aeFuelCons: num,
      PORT_IN: combinedMeter,
      STARBOARD_IN: combinedMeter,
    })
    .optional(),
  ae: z.object({ AE1: combinedAe, AE2: combinedAe, AE3: combinedAe }).optional(),
  temperature: z
    .object({
      EXHAUST_TEMPERATURE: z.object({ PORT: num, STARBOARD: num }),
      TEMPERATURE: z.object({ PORT: num, STARBOARD: num }),
    })
    .optional(),
});
/** One bucket of the combined data: the groups asked for that have data in it. */
export type CombinedBucket = z.infer<typeof combinedBucket>;

export const combinedSchema = z.object({
  start: z.number(),
  end: z.number(),
  firstData: num,
  lastData: num,
  datas: byTime(combinedBucket),
  summaries: z.object({
    gps: z.object({ calculatedSpeed: num }).optional(),
    rpm: z.object({ singleEngine: z.boolean() }).optional(),
    flowmeter: z.object({ AE_IN: num, AE_OUT: num }).optional(),
  }),
});
/** GET /api/summary/combined/period/{start}/{end} */
export type Combined = z.infer<typeof combinedSchema>;
