import { Page } from '../../components/Page.tsx';

/** Asset Device — built by a later issue; until then only its title. */
export default function AssetDevice() {
  return <Page title="Asset Device" />;
}
