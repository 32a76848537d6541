import { Page } from '../../components/Page.tsx';

/** Fuel Type — built by the administration issue. */
export default function MasterFuelType() {
  return <Page title="Fuel Type" />;
}
