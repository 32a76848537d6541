import { Page } from '../../components/Page.tsx';

/** Role Detail — built by the administration issue. */
export default function RoleDetail() {
  return <Page title="Role Detail" />;
}
