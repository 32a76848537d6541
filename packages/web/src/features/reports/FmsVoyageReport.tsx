import { Page } from '../../components/Page.tsx';

/** Voyage Report — built by a later issue; until then only its title. */
export default function FmsVoyageReport() {
  return <Page title="Voyage Report" />;
}
