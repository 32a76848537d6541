import { Page } from '../../components/Page.tsx';

/** Dashboard — built by a later issue; until then only its title. */
export default function FmsDashboard() {
  return <Page title="Dashboard" />;
}
