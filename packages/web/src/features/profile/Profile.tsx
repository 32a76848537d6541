import { Page } from '../../components/Page.tsx';

export default function Profile() {
  return <Page title="Profile" />;
}
