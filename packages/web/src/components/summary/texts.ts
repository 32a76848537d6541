import { defineTexts } from '../../api/i18n.ts';

/** The Report Summary's and the dashboard's charts (spec 002 §2.9, §2.10) and the maintenance notice. */
export const summaryTexts = defineTexts(
  'components.summary',
  {
    maintenance: 'This vessel is under maintenance.',
    resetZoom: 'Reset Zoom',
    // chart titles
    rpmVsSpeed: 'RPM vs Speed',
    fuelConsumption: 'Fuel Consumption',
    fuelCharacteristic: 'Fuel Characteristic',
    aeUsage: 'Auxiliary Engine Usage',
    // axes
    hours: 'Hours',
    // series
    mainEngineRpm: 'Main Engine RPM',
    portRpm: 'Port RPM',
    starboardRpm: 'Starboard RPM',
    meFuelCons: 'ME Fuel Cons (L)',
    speedKnot: 'Speed (knot)',
    mainEngine: 'Main Engine',
    port: 'Port',
    starboard: 'Starboard',
    portFlowrate: 'Port Flowrate (L/h)',
    starboardFlowrate: 'Starboard Flowrate (L/h)',
    portDensity: 'Port Density',
    starboardDensity: 'Starboard Density',
  },
  {
    maintenance: 'Kapal ini sedang dalam perawatan.',
    resetZoom: 'Atur Ulang Zoom',
    rpmVsSpeed: 'RPM vs Kecepatan',
    fuelConsumption: 'Konsumsi BBM',
    fuelCharacteristic: 'Karakteristik BBM',
    aeUsage: 'Penggunaan Mesin Bantu',
    hours: 'Jam',
    mainEngineRpm: 'RPM Mesin Utama',
    portRpm: 'RPM Kiri',
    starboardRpm: 'RPM Kanan',
    meFuelCons: 'Konsumsi BBM ME (L)',
    speedKnot: 'Kecepatan (knot)',
    mainEngine: 'Mesin Utama',
    port: 'Kiri',
    starboard: 'Kanan',
    portFlowrate: 'Laju Alir Kiri (L/h)',
    starboardFlowrate: 'Laju Alir Kanan (L/h)',
    portDensity: 'Densitas Kiri',
    starboardDensity: 'Densitas Kanan',
  },
);
