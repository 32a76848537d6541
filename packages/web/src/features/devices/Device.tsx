import { Page } from '../../components/Page.tsx';

/** All Asset Device List — built by a later issue; until then only its title. */
export default function Device() {
  return <Page title="All Asset Device List" />;
}
