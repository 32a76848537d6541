import { VoyageReport } from '../voyage/VoyageReport.tsx';

/** /voyage — the voyage report (spec 002 §2.7). The report wrapper's VoyageReport tab renders `VoyageReport`. */
export default function FmsVoyageReport() {
  return <VoyageReport />;
}

export { VoyageReport };
