import { Page } from '../../components/Page.tsx';

/** Device Log Detail — built by a later issue; until then only its title. */
export default function DeviceDetail() {
  return <Page title="Device Log Detail" />;
}
