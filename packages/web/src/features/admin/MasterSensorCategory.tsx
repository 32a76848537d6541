import { Page } from '../../components/Page.tsx';

/** Sensor Category — built by the administration issue. */
export default function MasterSensorCategory() {
  return <Page title="Sensor Category" />;
}
