import { Page } from '../../components/Page.tsx';

/** Config Event — built by the administration issue. */
export default function MasterConfigEvent() {
  return <Page title="Config Event" />;
}
