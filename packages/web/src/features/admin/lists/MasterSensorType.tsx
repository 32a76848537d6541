import { sensorType } from '@fleet/shared/resources/sensor-type.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Sensor Type list (spec 001 §2): name, created by, created date; add/edit modal; delete. */
export default function MasterSensorType() {
  return <ResourcePage def={sensorType} />;
}
