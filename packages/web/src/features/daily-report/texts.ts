import { defineTexts } from '../../api/i18n.ts';

/**
 * The Daily Report screen's texts (spec 002 §2.3): its frame, the page header and footer drawn here, the mail
 * subscription. The report's own pages (titles, tables, notices, the period texts) come from the server's model.
 */
export const dailyReportTexts = defineTexts(
  'daily-report',
  {
    title: 'Daily Report',
    period: 'Period: {{range}}',
    analysedRange: 'Analysed data range: {{range}}',
    generated: 'Generated {{time}} ({{zone}})',
    page: 'Page {{number}}/{{total}}',
    chart: 'chart',
    downloading: 'Downloading...',
    downloadPdf: 'Download PDF',
    noData: 'No Data',
    loading: 'Loading data...',
    loadFailed: 'The daily report could not be loaded',
    maintenance: 'This vessel is under maintenance.',
    // mail subscription
    subscribe: 'Email me this report daily',
    subscribeHint: "After midnight the previous day's PDF is mailed to you",
    subscribed: 'Daily report mail subscribed',
    unsubscribed: 'Daily report mail unsubscribed',
  },
  {
    title: 'Laporan Harian',
    period: 'Periode: {{range}}',
    analysedRange: 'Rentang data yang dianalisis: {{range}}',
    generated: 'Dibuat {{time}} ({{zone}})',
    page: 'Halaman {{number}}/{{total}}',
    chart: 'grafik',
    downloading: 'Mengunduh...',
    downloadPdf: 'Unduh PDF',
    noData: 'Tidak ada data',
    loading: 'Memuat data...',
    loadFailed: 'Laporan harian tidak dapat dimuat',
    maintenance: 'Kapal ini sedang dalam perawatan.',
    subscribe: 'Kirimi saya laporan ini setiap hari lewat e-mail',
    subscribeHint: 'Setelah tengah malam, PDF hari sebelumnya dikirim ke e-mail Anda',
    subscribed: 'Langganan e-mail laporan harian diaktifkan',
    unsubscribed: 'Langganan e-mail laporan harian dihentikan',
  },
);
