/**
 * The applications of spec 000 §1. Only fms and bunkering can be chosen; the others are listed
 * (the Select Application modal shows them disabled) and refused by setapp.
 */
export const APPLICATIONS = [
  { key: 'fms', name: 'Fuel Monitoring System', enabled: true },
  { key: 'bunkering', name: 'Bunkering Monitoring', enabled: true },
  { key: 'ehm', name: 'Engine Health Monitoring', enabled: false },
  { key: 'alert', name: 'Alert System', enabled: false },
  { key: 'pms', name: 'Plan Management System', enabled: false },
  { key: 'tlm', name: 'Tank Level Monitoring', enabled: false },
] as const;

export type ApplicationKey = (typeof APPLICATIONS)[number]['key'];
