import { Page } from '../../components/Page.tsx';

/** Company List — built by the administration issue. */
export default function Company() {
  return <Page title="Company List" />;
}
