import { defineTexts } from '../../api/i18n.ts';
import type { ScreenName } from '../../routing/route-names.ts';
import { screens } from '../screens.ts';

/** A menu entry's own label (the screen's `menu.label`), when it is not the screen's title: `<Screen>Menu`. */
export type MenuLabelKey = `${string}Menu`;
type ScreenTitles = Record<ScreenName, string> & { [label: MenuLabelKey]: string };

/** The key of a screen's menu label: its own label's, else its title's. */
export const menuLabelKey = (name: ScreenName): ScreenName | MenuLabelKey =>
  screens[name].menu?.label ? `${name}Menu` : name;

/**
 * The screens' titles (document title) and menu labels. The English ones are declared once, with each screen (its
 * feature's `screens.ts`: `title`, `menu.label`) and taken from there; the Indonesian ones are here, by screen name
 * (`<Screen>Menu` for a menu label of its own). The parity test finds a screen or a label missing here.
 */
const englishTitles = Object.fromEntries(
  (Object.entries(screens) as [ScreenName, (typeof screens)[ScreenName]][]).flatMap(([name, s]) => [
    [name, s.title],
    ...(s.menu?.label ? [[`${name}Menu`, s.menu.label]] : []),
  ]),
) as ScreenTitles;

const indonesianTitles: ScreenTitles = {
  Login: 'Masuk',
  Setup: 'Penyiapan',
  ForgotPassword: 'Lupa Kata Sandi',
  UpdatePassword: 'Perbarui Kata Sandi',
  ReportExport: 'Ringkasan Laporan',
  CompanyActiveSelection: 'Pilih Perusahaan',
  AppActiveSelection: 'Pilih Aplikasi',
  Home: 'Beranda',
  FmsVoyageReport: 'Laporan Pelayaran',
  Voyages: 'Pelayaran',
  Weather: 'Cuaca',
  FmsDashboard: 'Dasbor',
  BunkerDashboard: 'Dasbor Bunker',
  BunkerDashboardMenu: 'Beranda',
  FmsReport: 'Laporan Harian',
  FmsDatalog: 'Datalog',
  BunkeringLog: 'Log Pengisian BBM',
  BunkeringLogMenu: 'Log Bunker',
  RemainOnBoard: 'Sisa BBM di Kapal (ROB)',
  EventLog: 'Log Kejadian',
  Widgets: 'Widget',
  Forbidden: 'Akses Ditolak',
  ReportWrapper: 'Laporan',
  TeltonikaMap: 'Peta Teltonika',
  FleetEfficiency: 'Efisiensi Armada',
  CustomChart: 'Grafik Kustom',
  Emissions: 'Emisi',
  Profile: 'Profil',
  Asset: 'Daftar Aset',
  AssetMenu: 'Aset',
  AssetDevice: 'Perangkat Aset',
  AssetDetail: 'Detail Aset',
  Device: 'Daftar Perangkat',
  DeviceMenu: 'Perangkat',
  DeviceDetail: 'Detail Log Perangkat',
  User: 'Daftar Pengguna',
  UserDetail: 'Detail Pengguna',
  Role: 'Peran',
  RoleDetail: 'Detail Peran',
  Permission: 'Izin',
  Group: 'Daftar Grup',
  GroupMenu: 'Grup',
  GroupDetail: 'Detail Grup',
  Company: 'Daftar Perusahaan',
  CompanyMenu: 'Perusahaan',
  CompanyDetail: 'Detail Perusahaan',
  MasterAssetType: 'Jenis Aset',
  MasterSensorType: 'Jenis Sensor',
  MasterSensorCategory: 'Kategori Sensor',
  MasterTank: 'Header Tangki',
  MasterTankMenu: 'Header/Detail Tangki',
  MasterTankDetail: 'Detail Tangki',
  MasterFuelType: 'Jenis BBM',
  MasterBunkerLocation: 'Lokasi Bunker',
  MasterConfigRpm: 'Konfigurasi RPM',
  MasterConfigAe: 'Konfigurasi AE',
  MasterConfigTank: 'Konfigurasi Tangki',
  MasterEvent: 'Master Kejadian',
  AuditTrail: 'Jejak Audit',
  ApiTokens: 'Token API',
  Webhooks: 'Webhook',
  MasterConfigEvent: 'Konfigurasi Kejadian',
  AssetEvent: 'Kejadian Aset',
};

export const screenTexts = defineTexts('app.titles', englishTitles, indonesianTitles);
