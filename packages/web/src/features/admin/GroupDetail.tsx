import { Page } from '../../components/Page.tsx';

/** Group Detail — built by the administration issue. */
export default function GroupDetail() {
  return <Page title="Group Detail" />;
}
