import { Page } from '../../components/Page.tsx';

/** Config Tank — built by the administration issue. */
export default function MasterConfigTank() {
  return <Page title="Config Tank" />;
}
