import { Page } from '../../components/Page.tsx';

/** User List — built by the administration issue. */
export default function User() {
  return <Page title="User List" />;
}
