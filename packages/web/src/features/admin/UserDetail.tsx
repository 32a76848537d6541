import { Page } from '../../components/Page.tsx';

/** User Detail — built by the administration issue. */
export default function UserDetail() {
  return <Page title="User Detail" />;
}
