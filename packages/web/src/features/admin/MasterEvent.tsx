import { Page } from '../../components/Page.tsx';

/** Master Event — built by the administration issue. */
export default function MasterEvent() {
  return <Page title="Master Event" />;
}
