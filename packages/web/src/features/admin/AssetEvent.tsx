import { Page } from '../../components/Page.tsx';

/** Asset Event — built by the administration issue. */
export default function AssetEvent() {
  return <Page title="Asset Event" />;
}
