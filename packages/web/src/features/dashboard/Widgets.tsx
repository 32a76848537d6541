import { Page } from '../../components/Page.tsx';

/** Widgets — built by a later issue; until then only its title. */
export default function Widgets() {
  return <Page title="Widgets" />;
}
