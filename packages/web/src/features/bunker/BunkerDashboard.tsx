import { Page } from '../../components/Page.tsx';

/** Bunker Dashboard — built by a later issue; until then only its title. */
export default function BunkerDashboard() {
  return <Page title="Bunker Dashboard" />;
}
