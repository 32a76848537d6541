import { Page } from '../../components/Page.tsx';

/** Fleet map — built by a later issue; until then only its title. */
export default function Home() {
  return <Page title="Fleet map" />;
}
