import { Page } from '../../components/Page.tsx';

/** Asset Type — built by the administration issue. */
export default function MasterAssetType() {
  return <Page title="Asset Type" />;
}
