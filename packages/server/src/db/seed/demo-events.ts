import type { DemoCompanyKey } from '@fleet/fleet-catalog';
import type { Db } from '../database.ts';

/**
 * Demo events (issue 17): two master events and an active Version 1 configuration on some demo gateways, so the
 * simulator's history and live readings open events and /event/log is not empty on a fresh start. The thresholds
 * sit where the simulator's vessels cross them now and then (measured over 7 days of the 'demo' seed: exhaust
 * above 400 °C 7–34 times a week at full load, 1–2 blackouts a week). tb01 and tb04 get none: the admin e2e specs
 * work on their configurations.
 */
export const DEMO_EVENTS = [
  {
    type: 'Exhaust Temperature High',
    duration: 120,
    priority: 1,
    description:
      'Exhaust gas after the turbocharger above 400 °C for 2 minutes: check load, turbocharger and injectors',
    // a type name means every device of that type; only the exhaust sensors reach 400 °C
    thresholds: { temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 400 } } } },
  },
  {
    type: 'AC Power Lost',
    duration: 30,
    priority: 0,
    description: 'Gateway power supply running on its battery for 30 seconds',
    thresholds: { power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } } },
  },
] as const;

/** Demo gateways (asset ids of Config Event) with an active demo configuration. */
export const DEMO_EVENT_GATEWAYS: { assetId: string; company: DemoCompanyKey }[] = [
  { assetId: 'ot01', company: 'samudra' },
  { assetId: 'sb01', company: 'borneo' },
  { assetId: 'tb02', company: 'borneo' },
  { assetId: 'tb11', company: 'celebes' },
];

export async function seedDemoEvents(
  db: Db,
  now: number,
  creator: string,
  tenantCreator: (company: DemoCompanyKey) => string,
): Promise<number> {
  const mevtIds: number[] = [];
  for (const e of DEMO_EVENTS) {
    const row = await db
      .insertInto('master_event')
      .values({
        mevtType: e.type,
        mevtTriggerDuration: e.duration,
        mevtIsPriority: e.priority,
        mevtDescription: e.description,
        mevtThresholds: JSON.stringify(e.thresholds),
        mevtCreatedUserId: creator,
        mevtCreatedTime: now,
      })
      .returning('mevtId')
      .executeTakeFirstOrThrow();
    mevtIds.push(Number(row.mevtId));
  }
  for (const g of DEMO_EVENT_GATEWAYS) {
    const by = tenantCreator(g.company);
    const gateway = await db
      .selectFrom('device')
      .select(['devcId', 'devcUniqueId'])
      .where('devcUniqueId', '=', `gateway-${g.assetId}`)
      .executeTakeFirstOrThrow();
    const config = await db
      .insertInto('config_event')
      .values({
        mcevAssetId: gateway.devcUniqueId, // the gateway's unique id: the Event Configuration screen lists by it
        mcevDevcId: Number(gateway.devcId),
        mcevVersion: 1,
        mcevDescription: 'Demo alerts: exhaust temperature and AC power',
        mcevIsActive: 1,
        mcevAppliedTime: now,
        mcevCreatedUserId: by,
        mcevCreatedTime: now,
      })
      .returning('mcevId')
      .executeTakeFirstOrThrow();
    for (const mevtId of mevtIds)
      await db
        .insertInto('asset_event')
        .values({ asevMcevId: Number(config.mcevId), asevMevtId: mevtId, asevCreatedUserId: by, asevCreatedTime: now })
        .execute();
  }
  return mevtIds.length;
}
