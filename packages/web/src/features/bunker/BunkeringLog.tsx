import { Page } from '../../components/Page.tsx';

/** Bunkering Log — built by a later issue; until then only its title. */
export default function BunkeringLog() {
  return <Page title="Bunkering Log" />;
}
