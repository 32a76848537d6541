import { Page } from '../../components/Page.tsx';

/** Config RPM — built by the administration issue. */
export default function MasterConfigRpm() {
  return <Page title="Config RPM" />;
}
