import { Page } from '../../components/Page.tsx';

/** Weather — built by a later issue; until then only its title. */
export default function Weather() {
  return <Page title="Weather" />;
}
