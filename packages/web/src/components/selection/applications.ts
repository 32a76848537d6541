import type { AppKey } from '../../stores/session.ts';

/** The six applications of spec 000 §1; fms and bunkering are enabled, the others listed disabled. */
export interface Application {
  key: AppKey;
  name: string;
  description: string;
  enabled: boolean;
  /** where confirming the app leads (spec 000 §2 Select Application) */
  home: string;
}

export const APPLICATIONS: Application[] = [
  {
    key: 'fms',
    name: 'Fuel Monitoring System',
    description: 'Fleet map, fuel and engine dashboards, voyage and daily reports, datalog.',
    enabled: true,
    home: '/home',
  },
  {
    key: 'bunkering',
    name: 'Bunkering Monitoring',
    description: 'Bunker dashboard, bunkering logs with adjustments and remain on board.',
    enabled: true,
    home: '/dashboard/bunker',
  },
  {
    key: 'ehm',
    name: 'Engine Health Monitoring',
    description: 'Engine condition trends and maintenance signals.',
    enabled: false,
    home: '/home',
  },
  {
    key: 'alert',
    name: 'Alert System',
    description: 'Alert rules and notifications across the fleet.',
    enabled: false,
    home: '/home',
  },
  {
    key: 'pms',
    name: 'Plan Management System',
    description: 'Planned maintenance schedules and work orders.',
    enabled: false,
    home: '/home',
  },
  {
    key: 'tlm',
    name: 'Tank Level Monitoring',
    description: 'Tank levels and volumes from tank sensors.',
    enabled: false,
    home: '/home',
  },
];

export function applicationOf(key: string | null | undefined): Application | undefined {
  return APPLICATIONS.find((a) => a.key === key);
}
