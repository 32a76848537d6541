import { Page } from '../../components/Page.tsx';

/** Report — built by a later issue; until then only its title. */
export default function ReportWrapper() {
  return <Page title="Report" />;
}
