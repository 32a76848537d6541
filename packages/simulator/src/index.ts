/** Realistic vessel telemetry through the real ingest path (README "Simulator"). */
export { benchFleet } from './bench-fleet.ts';
export { findPort, LANES, type Lane, type LatLon, PORTS, type Port } from './geography.ts';
export { IngestClient, IngestError, type IngestOutcome, type ReadingSink } from './ingest-client.ts';
export { type LoopPacerOptions, loopPacer, type Pacer, type PacerStats, unpaced } from './pacer.ts';
export { type GenerateOptions, generateReadings, type Reading, VesselSimulator } from './readings.ts';
export {
  runSimulator,
  type SimulatorHandle,
  type SimulatorLog,
  type SimulatorOptions,
  type SimulatorStats,
} from './run-simulator.ts';
export { DEMO_SCENARIO_VESSELS, demoScenarios, type Scenarios } from './scenarios.ts';
export { EPOCH, type Phase, type Segment, Timeline, type VesselState } from './timeline.ts';
export { engineFuelRate, type VesselDeviceSpec, type VesselModel, type VesselSpec, vesselModel } from './vessel.ts';
