import { Page } from '../../components/Page.tsx';

/** Report Summary — built by a later issue; until then only its title. */
export default function ReportExport() {
  return <Page title="Report Summary" />;
}
