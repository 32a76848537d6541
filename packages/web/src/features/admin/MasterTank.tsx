import { Page } from '../../components/Page.tsx';

/** Tank Header — built by the administration issue. */
export default function MasterTank() {
  return <Page title="Tank Header" />;
}
