import { Page } from '../../components/Page.tsx';

/** Teltonika Map — built by a later issue; until then only its title. */
export default function TeltonikaMap() {
  return <Page title="Teltonika Map" />;
}
