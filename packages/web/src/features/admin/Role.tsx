import { Page } from '../../components/Page.tsx';

/** Role List — built by the administration issue. */
export default function Role() {
  return <Page title="Role List" />;
}
