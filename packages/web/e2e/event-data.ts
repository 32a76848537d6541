import type { Page } from '@playwright/test';
import { adminApi } from './assets-data.ts';

/** A master event the test defines: its name (the tag is appended), duration, priority and thresholds JSON. */
export interface TestEvent {
  name: string;
  duration: number;
  high: boolean;
  thresholds: Record<string, unknown>;
}

/**
 * A vessel of the test's own (named ZZ … so it sorts after the demo vessels) with a gateway, one device of each
 * type (`<type>-<code>-<tag>`), the master events and an active configuration holding them: the events the test
 * reads are exactly those its readings open, and no demo number changes.
 */
export async function eventVessel(page: Page, code: string, types: string[], events: TestEvent[]) {
  const { call } = await adminApi(page.request);
  const tag = Date.now().toString(36);
  const vessel = `ZZ E2E ${code} ${tag}`;
  const asset = await call('POST', '/master/asset', { massName: vessel });
  const device = (type: string) =>
    call('POST', '/master/device', {
      devcName: `${type}-${code}-${tag}`,
      devcType: type,
      devcStatus: '1',
      devcUniqueId: `${type}-${code}-${tag}`,
      devcMassId: asset.massId,
    });
  const gateway = await device('gateway');
  for (const type of types) await device(type);
  const created = [];
  for (const e of events)
    created.push(
      await call('POST', '/master/events', {
        mevtType: `${e.name} ${tag}`,
        mevtTriggerDuration: e.duration,
        mevtIsPriority: e.high ? 1 : 0,
        mevtThresholds: JSON.stringify(e.thresholds),
      }),
    );
  const config = await call('POST', '/master/config_event', { mcevAssetId: `${code}-${tag}`, mcevDescription: 'e2e' });
  for (const e of created)
    await call('POST', '/master/asset_event', { asevMcevId: config.mcevId, asevMevtId: e.mevtId });
  await call('POST', `/master/config_event/${config.mcevId}/activate`);
  return { tag, gateway, events: created, vessel };
}
