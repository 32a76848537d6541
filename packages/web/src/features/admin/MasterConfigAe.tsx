import { Page } from '../../components/Page.tsx';

/** Config AE — built by the administration issue. */
export default function MasterConfigAe() {
  return <Page title="Config AE" />;
}
