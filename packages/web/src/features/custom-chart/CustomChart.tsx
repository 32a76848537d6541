import { Page } from '../../components/Page.tsx';

/** Custom Chart — built by a later issue; until then only its title. */
export default function CustomChart() {
  return <Page title="Custom Chart" />;
}
