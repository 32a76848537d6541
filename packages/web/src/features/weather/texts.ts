import { defineTexts } from '../../api/i18n.ts';

/** The weather map's texts (spec 002 §2.6): its options panel and why the map is not shown. */
export const weatherTexts = defineTexts(
  'weather',
  {
    configFailed: 'The weather configuration could not be read.',
    notConfigured: 'The weather map is not configured',
    notConfiguredHelp:
      'The weather map shows the Windy map forecast and needs a provider key. An administrator sets it on the server with the environment variable {{variable}} (a Windy Map Forecast API key for this site\'s domain) and restarts the server; the map also needs internet access. See README, "Weather map".',
    providerUnreachable: 'The weather provider could not be reached',
    providerUnreachableHelp:
      "{{message}} The weather map loads from the provider over the internet; check this computer's internet access, and that the provider key is valid for this site.",
    loading: 'Loading the weather map…',
    frameTitle: 'Weather map',
    options: 'Weather Maps Options',
    hide: 'Hide',
    show: 'Show',
    currentUnit: 'Current Unit',
    numDirection: 'Num Direction',
    graticule: 'Graticule',
    latLong: 'Lat Long',
    particleAnimation: 'Particle Animation',
    isolines: 'Isolines',
    // the options' values
    particlesOn: 'on',
    particlesIntensive: 'intensive',
    particlesOff: 'off',
    isolinesOff: 'off',
    isolinesPressure: 'pressure',
    isolinesGh: 'gh',
    isolinesTemp: 'temp',
    isolinesDeg0: 'deg0',
  },
  {
    configFailed: 'Konfigurasi cuaca tidak dapat dibaca.',
    notConfigured: 'Peta cuaca belum dikonfigurasi',
    notConfiguredHelp:
      'Peta cuaca menampilkan prakiraan peta Windy dan memerlukan kunci penyedia. Administrator mengaturnya di server melalui variabel lingkungan {{variable}} (kunci API Windy Map Forecast untuk domain situs ini) lalu memulai ulang server; peta juga memerlukan akses internet. Lihat README, bagian "Weather map".',
    providerUnreachable: 'Penyedia data cuaca tidak dapat dihubungi',
    providerUnreachableHelp:
      '{{message}} Peta cuaca dimuat dari penyedia melalui internet; periksa akses internet komputer ini, dan pastikan kunci penyedia berlaku untuk situs ini.',
    loading: 'Memuat peta cuaca…',
    frameTitle: 'Peta cuaca',
    options: 'Opsi Peta Cuaca',
    hide: 'Sembunyikan',
    show: 'Tampilkan',
    currentUnit: 'Satuan Saat Ini',
    numDirection: 'Arah dalam Angka',
    graticule: 'Garis Kisi',
    latLong: 'Lintang Bujur',
    particleAnimation: 'Animasi Partikel',
    isolines: 'Isolin',
    particlesOn: 'nyala',
    particlesIntensive: 'intensif',
    particlesOff: 'mati',
    isolinesOff: 'mati',
    isolinesPressure: 'tekanan',
    isolinesGh: 'gh',
    isolinesTemp: 'suhu',
    isolinesDeg0: 'deg0',
  },
);
