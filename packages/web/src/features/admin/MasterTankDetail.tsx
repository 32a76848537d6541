import { Page } from '../../components/Page.tsx';

/** Tank Detail — built by the administration issue. */
export default function MasterTankDetail() {
  return <Page title="Tank Detail" />;
}
