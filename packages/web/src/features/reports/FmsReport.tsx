import { Page } from '../../components/Page.tsx';

/** Daily Report — built by a later issue; until then only its title. */
export default function FmsReport() {
  return <Page title="Daily Report" />;
}
