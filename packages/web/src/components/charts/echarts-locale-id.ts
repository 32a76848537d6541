/**
 * ECharts' texts in Bahasa Indonesia (issue 27): ECharts ships no Indonesian locale, so this is its English locale
 * object (echarts/i18n/langEN-obj.js) translated key for key. Registered as 'ID' in echarts.ts; a chart is created
 * with it while the interface is in Bahasa Indonesia (EChart.tsx). Placeholders in braces are ECharts' own.
 */
export const ECHARTS_LOCALE_ID = {
  time: {
    month: [
      'Januari',
      'Februari',
      'Maret',
      'April',
      'Mei',
      'Juni',
      'Juli',
      'Agustus',
      'September',
      'Oktober',
      'November',
      'Desember',
    ],
    monthAbbr: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
    dayOfWeek: ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'],
    dayOfWeekAbbr: ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'],
  },
  legend: {
    selector: {
      all: 'Semua',
      inverse: 'Balik',
    },
  },
  toolbox: {
    brush: {
      title: {
        rect: 'Pilih Kotak',
        polygon: 'Pilih Laso',
        lineX: 'Pilih Horizontal',
        lineY: 'Pilih Vertikal',
        keep: 'Pertahankan Pilihan',
        clear: 'Hapus Pilihan',
      },
    },
    dataView: {
      title: 'Tampilan Data',
      lang: ['Tampilan Data', 'Tutup', 'Muat Ulang'],
    },
    dataZoom: {
      title: {
        zoom: 'Perbesar',
        back: 'Atur Ulang Zoom',
      },
    },
    magicType: {
      title: {
        line: 'Ubah ke Grafik Garis',
        bar: 'Ubah ke Grafik Batang',
        stack: 'Tumpuk',
        tiled: 'Berdampingan',
      },
    },
    restore: {
      title: 'Pulihkan',
    },
    saveAsImage: {
      title: 'Simpan sebagai Gambar',
      lang: ['Klik Kanan untuk Menyimpan Gambar'],
    },
  },
  series: {
    typeNames: {
      pie: 'Grafik pai',
      bar: 'Grafik batang',
      line: 'Grafik garis',
      scatter: 'Diagram pencar',
      effectScatter: 'Diagram pencar riak',
      radar: 'Grafik radar',
      tree: 'Diagram pohon',
      treemap: 'Peta pohon',
      boxplot: 'Diagram kotak',
      candlestick: 'Grafik candlestick',
      k: 'Grafik garis K',
      heatmap: 'Peta panas',
      map: 'Peta',
      parallel: 'Peta koordinat paralel',
      lines: 'Grafik garis',
      graph: 'Grafik relasi',
      sankey: 'Diagram Sankey',
      funnel: 'Grafik corong',
      gauge: 'Pengukur',
      pictorialBar: 'Batang bergambar',
      themeRiver: 'Peta aliran tema',
      sunburst: 'Diagram sunburst',
      custom: 'Grafik kustom',
      chart: 'Grafik',
    },
  },
  aria: {
    general: {
      withTitle: 'Ini adalah grafik tentang "{title}"',
      withoutTitle: 'Ini adalah grafik',
    },
    series: {
      single: {
        prefix: '',
        withName: ' dengan jenis {seriesType} bernama {seriesName}.',
        withoutName: ' dengan jenis {seriesType}.',
      },
      multiple: {
        prefix: '. Grafik ini terdiri atas {seriesCount} seri.',
        withName: ' Seri ke-{seriesId} adalah {seriesType} yang menggambarkan {seriesName}.',
        withoutName: ' Seri ke-{seriesId} adalah {seriesType}.',
        separator: {
          middle: '',
          end: '',
        },
      },
    },
    data: {
      allData: 'Datanya sebagai berikut: ',
      partialData: '{displayCnt} item pertama adalah: ',
      withName: 'data untuk {name} adalah {value}',
      withoutName: '{value}',
      separator: {
        middle: ', ',
        end: '. ',
      },
    },
  },
};
