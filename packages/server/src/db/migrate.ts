import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.ts';
import * as m001 from './migrations/001_master.ts';
import * as m002 from './migrations/002_telemetry.ts';
import * as m002b from './migrations/002b_telemetry_daily.ts';
import * as m003 from './migrations/003_wide_rollups.ts';
import * as m005tenant from './migrations/005_tenant_scope.ts';
import * as m007LiveTicket from './migrations/007_live_ticket.ts';
import * as m008FuelCo2 from './migrations/008_fuel_co2.ts';
import * as m009 from './migrations/009_tracker.ts';
import * as m010 from './migrations/010_event_engine.ts';
import * as m011DailyReport from './migrations/011_daily_report.ts';
import * as m012ShareLinks from './migrations/012_share_links.ts';
import * as m013KeyLastUse from './migrations/013_device_key_last_use.ts';
import * as m014EventMail from './migrations/014_event_mail.ts';
import * as m015TrackVectors from './migrations/015_track_vector_rollups.ts';
import * as m016EventConfigVersion from './migrations/016_event_config_version.ts';
import * as m017EventStateVersion from './migrations/017_event_state_version.ts';
import * as m018EventDeviceIdentity from './migrations/018_event_device_identity.ts';
import * as m020MailOutbox from './migrations/020_mail_outbox.ts';
import * as m021Segments from './migrations/021_segments.ts';
import * as m022RobBelowZero from './migrations/022_rob_below_zero.ts';
import * as m023StateSpans from './migrations/023_state_spans.ts';
import * as m024Retention from './migrations/024_retention.ts';
import * as m025RawPartitions from './migrations/025_raw_partitions.ts';
import * as m026TemperatureSpanDropped from './migrations/026_temperature_span_dropped.ts';
import * as m027TimeZones from './migrations/027_time_zones.ts';
import * as m028AuditLog from './migrations/028_audit_log.ts';
import * as m029TenantMasterEvents from './migrations/029_tenant_master_events.ts';
import * as m030FuelTypeRef from './migrations/030_fuel_type_ref.ts';
import * as m031SessionClient from './migrations/031_session_client.ts';
import * as m032FixedAccessVersion from './migrations/032_fixed_access_version.ts';
import * as m033DayComponents from './migrations/033_day_components.ts';
import * as m034GpsTrackWithoutFix from './migrations/034_gps_track_without_fix.ts';
import * as m036Voyages from './migrations/036_voyages.ts';
import * as m037AssetCapacity from './migrations/037_asset_capacity.ts';
import * as m038FuelWatchEvents from './migrations/038_fuel_watch_events.ts';
import * as m039ApiTokens from './migrations/039_api_tokens.ts';
import * as m040Webhooks from './migrations/040_webhooks.ts';
import * as m041WebhookOutbox from './migrations/041_webhook_outbox.ts';
import * as m043DownloadTicket from './migrations/043_download_ticket.ts';

/** Migrations in order; each takes the dialect for the few places where DDL differs. */
const all: Record<string, { up: (db: never, d: Database['dialect']) => Promise<void> }> = {
  '001_master': m001,
  '002_telemetry': m002,
  '002b_telemetry_daily': m002b,
  '003_wide_rollups': m003,
  '005_tenant_scope': m005tenant,
  '007_live_ticket': m007LiveTicket,
  '008_fuel_co2': m008FuelCo2,
  '009_tracker': m009,
  '010_event_engine': m010,
  '011_daily_report': m011DailyReport,
  '012_share_links': m012ShareLinks,
  '013_device_key_last_use': m013KeyLastUse,
  '014_event_mail': m014EventMail,
  '015_track_vector_rollups': m015TrackVectors,
  '016_event_config_version': m016EventConfigVersion,
  '017_event_state_version': m017EventStateVersion,
  '018_event_device_identity': m018EventDeviceIdentity,
  '020_mail_outbox': m020MailOutbox,
  '021_segments': m021Segments,
  '022_rob_below_zero': m022RobBelowZero,
  '023_state_spans': m023StateSpans,
  '024_retention': m024Retention,
  '025_raw_partitions': m025RawPartitions,
  '026_temperature_span_dropped': m026TemperatureSpanDropped,
  '027_time_zones': m027TimeZones,
  '028_audit_log': m028AuditLog,
  '029_tenant_master_events': m029TenantMasterEvents,
  '030_fuel_type_ref': m030FuelTypeRef,
  '031_session_client': m031SessionClient,
  '032_fixed_access_version': m032FixedAccessVersion,
  '033_day_components': m033DayComponents,
  '034_gps_track_without_fix': m034GpsTrackWithoutFix,
  '036_voyages': m036Voyages,
  '037_asset_capacity': m037AssetCapacity,
  '038_fuel_watch_events': m038FuelWatchEvents,
  '039_api_tokens': m039ApiTokens,
  '040_webhooks': m040Webhooks,
  '041_webhook_outbox': m041WebhookOutbox,
  '043_download_ticket': m043DownloadTicket,
};

/** The migrations this version knows, in order. */
export const migrationNames = (): string[] => Object.keys(all);

/**
 * Runs the migrations not yet applied — all of them, or (tests of a migration) those up to `to` — and answers the
 * names of those it applied, in order (none: the database was up to date).
 */
/** SQLite's page cache while migrations run (KiB): see migrate. */
const MIGRATION_CACHE_KB = 4096;

export async function migrate(database: Database, to?: string): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(all)) {
        out[name] = { up: (db) => m.up(db as never, database.dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db: database.db, provider });
  // A migration that builds an index or copies a table reads the whole table through SQLite's page cache and sorts
  // it in memory of the cache's size: with a small cache for the migrations, an upgrade's first start does not keep
  // the tens of MB it will not read again (malloc keeps what it once held; docs/operations.md "Memory").
  const sqlite = database.dialect === 'sqlite' ? database.sqlite : null;
  const cacheSize = sqlite?.pragma('cache_size', { simple: true });
  sqlite?.pragma(`cache_size = -${MIGRATION_CACHE_KB}`);
  const { error, results } = await (to ? migrator.migrateTo(to) : migrator.migrateToLatest()).finally(() => {
    sqlite?.pragma(`cache_size = ${Number(cacheSize)}`);
    sqlite?.pragma('shrink_memory');
  });
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Lets a later migration register itself without editing this file's callers. */
export function registerMigration(name: string, m: { up: (db: never, d: Database['dialect']) => Promise<void> }) {
  all[name] = m;
}
