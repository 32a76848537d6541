import { Page } from '../../components/Page.tsx';

/** Event Log — built by a later issue; until then only its title. */
export default function EventLog() {
  return <Page title="Event Log" />;
}
