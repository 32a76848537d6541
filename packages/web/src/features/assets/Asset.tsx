import { Page } from '../../components/Page.tsx';

/** Asset List — built by a later issue; until then only its title. */
export default function Asset() {
  return <Page title="Asset List" />;
}
