/**
 * The demo fleet catalogue (@fleet/fleet-catalog): company groups, companies, ports, vessels and their devices, and
 * the tank geometry. Both the server's seed and the simulator import it; it imports nothing of theirs, so the
 * dependency runs one way: server → simulator → fleet-catalog → shared (docs/architecture.md).
 */
export * from './demo-capacity.ts';
export * from './demo-fleet.ts';
export * from './tank.ts';
