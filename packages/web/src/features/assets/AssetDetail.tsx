import { Page } from '../../components/Page.tsx';

/** Asset Detail — built by a later issue; until then only its title. */
export default function AssetDetail() {
  return <Page title="Asset Detail" />;
}
