import { Page } from '../../components/Page.tsx';

/** Bunker Location — built by the administration issue. */
export default function MasterBunkerLocation() {
  return <Page title="Bunker Location" />;
}
