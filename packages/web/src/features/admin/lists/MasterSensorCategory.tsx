import { sensorCategory } from '@fleet/shared/resources/sensor-category.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

/** Sensor Category list (spec 001 §2): filtered by sensor type; add/edit modal; delete. */
export default function MasterSensorCategory() {
  return <ResourcePage def={sensorCategory} filters={['mscaMstyId']} />;
}
