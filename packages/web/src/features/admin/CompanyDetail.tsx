import { Page } from '../../components/Page.tsx';

/** Company Detail — built by the administration issue. */
export default function CompanyDetail() {
  return <Page title="Company Detail" />;
}
