import type { DeviceRow } from '@fleet/shared/answers/resource-rows.ts';
import { device } from '@fleet/shared/resources/device.ts';
import { useMemo } from 'react';
import { useResourceList } from '../../../api/resources.ts';

/** mcevAssetId of a gateway: its unique id without the `gateway-` prefix (spec 001 §3). */
export const gatewayAssetId = (devcUniqueId: string) => devcUniqueId.replace(/^gateway-/, '');

/**
 * The gateways the user may see, as choices of an event-configuration asset id (spec 001 §7: devices max
 * 1000 with finds[devcType]=gateway), labelled with the vessel they sit on.
 */
export function useGatewayOptions() {
  const list = useResourceList<DeviceRow>(device, { page: 1, pageSize: 1000, finds: { devcType: 'gateway' } });
  const options = useMemo(
    () =>
      list.rows
        .map((d) => ({
          value: gatewayAssetId(d.devcUniqueId),
          label: `${gatewayAssetId(d.devcUniqueId)} — ${d.devcMass?.massName ?? d.devcName}`,
        }))
        .sort((a, b) => a.value.localeCompare(b.value)),
    [list.rows],
  );
  return { options, loading: list.loading };
}
