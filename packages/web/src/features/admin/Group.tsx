import { Page } from '../../components/Page.tsx';

/** Group List — built by the administration issue. */
export default function Group() {
  return <Page title="Group List" />;
}
