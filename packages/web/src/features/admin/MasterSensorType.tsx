import { Page } from '../../components/Page.tsx';

/** Sensor Type — built by the administration issue. */
export default function MasterSensorType() {
  return <Page title="Sensor Type" />;
}
