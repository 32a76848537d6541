import { type FieldMessages, resourceList } from '@fleet/shared';
import { indonesianOf, indonesianMessage as resourceMessage } from '@fleet/shared/resources/indonesian.ts';
import type { Language } from './language.ts';

/**
 * The Bahasa Indonesia of every message the server sends in an error envelope (issue 27). Messages are written in
 * English where they arise (the English texts are the API's contract and what the tests read); the envelope is
 * translated once, as it leaves (http/errors.ts), when the request's language is Indonesian.
 *
 * A message is found as: an exact entry (MESSAGES), the resource definitions' own texts (`indonesianOf` of
 * packages/shared/src/resources/indonesian.ts: fixed refine messages, unique messages), or a pattern (PATTERNS) for
 * messages that carry values. A pattern's `{{name}}` takes any text; its kind says what becomes of the value:
 * - `{{x}}`: kept as it is (field names, ids, lists of API values)
 * - `{{x:term}}`: a label or a title (a resource's, or one of TERMS), translated when known
 * - `{{x:terms}}`: a list of those, comma-separated
 * - `{{x:uses}}`: a list of "Title (count)"
 * - `{{x:message}}`: a whole message, translated in turn
 * - `{{x:params}}`: `field: message; field: message` (a bad query or path parameter)
 * - `{{x:number}}`: an English number (`1,000.5`, maybe with a unit after it), written the Indonesian way
 * - `{{x:duration}}`: `N second(s)` / `N minute(s)`
 *
 * Not translated on purpose (KEPT_ENGLISH): the texts a client matches on — 'Authentication Error' (docs/api.md: the
 * web app signs out on it) and 'Invalid Username or Password' (the sign-in page shows its own text for it).
 */

/** Messages a client recognises by their English text: sent as they are in every language. */
export const KEPT_ENGLISH = new Set(['Authentication Error', 'Invalid Username or Password']);

/** English → Indonesian, messages without values. */
export const MESSAGES: Readonly<Record<string, string>> = {
  Success: 'Berhasil',
  'Error found': 'Terdapat kesalahan',
  // crud/: the audit trail and stale edits (issue 28)
  'This delete has already been undone': 'Penghapusan ini sudah dibatalkan',
  'Only a deleted record can be restored': 'Hanya data yang dihapus yang dapat dipulihkan',
  'This record was changed by someone else after you opened it. Close the form, open the record again and repeat your change.':
    'Data ini telah diubah orang lain setelah Anda membukanya. Tutup formulir, buka kembali datanya, lalu ulangi perubahan Anda.',
  'If-Unmodified-Since must be an HTTP date': 'If-Unmodified-Since harus berupa tanggal HTTP',
  // crud/bulk.ts, crud/import-file.ts (issue 28)
  'Select at least one row': 'Pilih paling sedikit satu baris',
  'ids must be a list': 'ids harus berupa daftar',
  'The file has no header row naming its columns': 'Berkas tidak memiliki baris judul yang menamai kolomnya',
  'The file could not be read: send a CSV file or an Excel workbook (.xlsx)':
    'Berkas tidak dapat dibaca: kirim berkas CSV atau buku kerja Excel (.xlsx)',
  // users/: an administrator's actions on a user's access
  'This user is inactive or has no login: activate the user first':
    'Pengguna ini tidak aktif atau tidak memiliki login: aktifkan penggunanya terlebih dahulu',
  // rob/
  "The tank header must belong to the company of the device's asset":
    'Tank header harus milik perusahaan dari aset perangkat',
  // http/
  'Invalid value': 'Nilai tidak valid',
  'Internal error': 'Terjadi kesalahan internal',
  'Invalid request': 'Permintaan tidak valid',
  'end must be after start': 'end harus setelah start',
  'duration reaches back before 1970; choose a shorter duration':
    'duration menjangkau sebelum tahun 1970; pilih durasi yang lebih pendek',
  'duration must be a whole number from 1': 'duration harus berupa bilangan bulat mulai dari 1',
  'timezone must be hours east of UTC, from -12 to 14 (in quarter hours)':
    'timezone harus berupa selisih jam ke timur dari UTC, dari -12 sampai 14 (dalam kelipatan seperempat jam)',
  'The server is busy. Please try again in a few seconds.':
    'Server sedang sibuk. Silakan coba lagi dalam beberapa detik.',
  'Not Found': 'Tidak Ditemukan',
  'The form data could not be read: send a complete multipart/form-data body with its boundary':
    'Data formulir tidak dapat dibaca: kirim body multipart/form-data yang lengkap beserta boundary-nya',
  'Requests from another site are not accepted': 'Permintaan dari situs lain tidak diterima',
  'You do not have permission for this action': 'Anda tidak memiliki izin untuk tindakan ini',
  'Text must not contain the NUL character (\\u0000)': 'Teks tidak boleh mengandung karakter NUL (\\u0000)',
  'A number is out of range': 'Angka berada di luar rentang',
  'A value has the wrong type': 'Jenis nilai salah',
  'A date or time is out of range': 'Tanggal atau waktu berada di luar rentang',
  'A date or time is not valid': 'Tanggal atau waktu tidak valid',
  'A text is too long': 'Teks terlalu panjang',
  // Fastify's own client errors
  "Body cannot be empty when content-type is set to 'application/json'":
    "Body tidak boleh kosong jika content-type adalah 'application/json'",
  "Body is not valid JSON but content-type is set to 'application/json'":
    "Body bukan JSON yang valid, padahal content-type adalah 'application/json'",
  'Unsupported Media Type': 'Media Type tidak didukung',
  'Request body size did not match Content-Length': 'Ukuran body permintaan tidak sesuai dengan Content-Length',
  'Request body is too large': 'Body permintaan terlalu besar',
  // zod's own messages without values
  'Invalid input': 'Input tidak valid',
  'Invalid input: more than one option matched': 'Input tidak valid: lebih dari satu pilihan cocok',
  'Invalid email address': 'Alamat e-mail tidak valid',
  // account, auth
  'Current password is incorrect': 'Kata sandi saat ini salah',
  'Enter a valid e-mail address': 'Masukkan alamat e-mail yang valid',
  'Failed to update password': 'Gagal memperbarui kata sandi',
  'Can not be empty': 'Tidak boleh kosong',
  'Session expired': 'Sesi telah berakhir',
  // auth/: API tokens (issue 31)
  'API token expired': 'Token API telah kedaluwarsa',
  'Choose one of your companies': 'Pilih salah satu perusahaan Anda',
  'Choose one of the roles': 'Pilih salah satu peran',
  'This API token is already revoked': 'Token API ini sudah dicabut',
  'Expiry must be a whole number of days': 'Masa berlaku harus berupa bilangan bulat hari',
  'Expiry must be at least 1 day': 'Masa berlaku paling sedikit 1 hari',
  'Expiry must be at most 730 days': 'Masa berlaku paling lama 730 hari',
  'An API token cannot be used for this: sign in as a person':
    'Token API tidak dapat dipakai untuk ini: masuklah sebagai pengguna',
  'You can only select a company you belong to': 'Anda hanya dapat memilih perusahaan tempat Anda terdaftar',
  'These forms take no files': 'Formulir ini tidak menerima berkas',
  'Password is required': 'Kata sandi wajib diisi',
  'Password must not be blank': 'Kata sandi tidak boleh kosong',
  'Send the fields as a JSON object': 'Kirim field-field sebagai objek JSON',
  'timezone must be a time zone name such as Asia/Makassar, or null':
    'timezone harus berupa nama zona waktu seperti Asia/Makassar, atau null',
  'language must be en or id, or null': 'language harus en atau id, atau null',
  // assets
  'Choose an image to upload': 'Pilih gambar untuk diunggah',
  'Send the image as multipart/form-data in the field image':
    'Kirim gambar sebagai multipart/form-data pada field image',
  'Only .jpeg, .jpg and .png images are accepted': 'Hanya gambar .jpeg, .jpg, dan .png yang diterima',
  'The file is not a readable image: choose a complete .jpeg, .jpg or .png':
    'Berkas ini bukan gambar yang dapat dibaca: pilih berkas .jpeg, .jpg, atau .png yang utuh',
  'Select a company before adding an asset': 'Pilih perusahaan sebelum menambahkan aset',
  'Unique ID is already used by another gateway (gateway-X and X name the same gateway for ingest and event configurations)':
    'Unique ID sudah digunakan oleh gateway lain (gateway-X dan X menunjuk gateway yang sama untuk ingest dan konfigurasi kejadian)',
  'This gateway has an active event configuration: deactivate it on the Event Configuration screen first':
    'Gateway ini memiliki konfigurasi kejadian yang aktif: nonaktifkan terlebih dahulu di layar Konfigurasi Kejadian',
  // bunker, companies, crud
  'massId must be a number': 'massId harus berupa angka',
  'end must not be before start': 'end tidak boleh sebelum start',
  'Only a platform administrator can add or delete a group (a tenant)':
    'Hanya administrator platform yang dapat menambah atau menghapus grup (tenant)',
  'Choose a company first: new entries belong to its group':
    'Pilih perusahaan terlebih dahulu: entri baru menjadi milik grupnya',
  'id is required': 'id wajib diisi',
  'This list is shared by all tenants: only a platform administrator can add, change or delete its entries':
    'Daftar ini dipakai bersama oleh semua tenant: hanya administrator platform yang dapat menambah, mengubah, atau menghapus entrinya',
  'Built-in roles are shared by all tenants and cannot be changed: add a role of your own instead':
    'Peran bawaan dipakai bersama oleh semua tenant dan tidak dapat diubah: tambahkan peran Anda sendiri',
  'A referenced record does not exist': 'Data yang dirujuk tidak ada',
  'A required value is missing': 'Ada nilai wajib yang belum diisi',
  // daily report
  'A report covers at most 31 days: choose a shorter period':
    'Satu laporan mencakup paling lama 31 hari: pilih periode yang lebih pendek',
  'dataTables is only for a period of one day (86400 s) or less':
    'dataTables hanya untuk periode satu hari (86400 s) atau kurang',
  'massId must be an asset id': 'massId harus berupa id aset',
  'Choose an active company first': 'Pilih perusahaan aktif terlebih dahulu',
  // event engine
  'Asset ID not found: choose the gateway of a visible asset':
    'Asset ID tidak ditemukan: pilih gateway dari aset yang dapat Anda lihat',
  'Choose a company first: a new master event belongs to it':
    'Pilih perusahaan terlebih dahulu: master kejadian baru menjadi milik perusahaan itu',
  "This event belongs to another company: choose a shared event or one of the configuration's company":
    'Kejadian ini milik perusahaan lain: pilih kejadian bersama atau kejadian milik perusahaan konfigurasi ini',
  'An active configuration cannot be deleted. Activate another version first.':
    'Konfigurasi yang aktif tidak dapat dihapus. Aktifkan versi lain terlebih dahulu.',
  'The "end" timestamp must be greater than "start" timestamp.':
    'Timestamp "end" harus lebih besar dari timestamp "start".',
  'finds[evntMevtId] must be a whole number': 'finds[evntMevtId] harus berupa bilangan bulat',
  // streamed exports and their download tickets (issue 31)
  'Too many downloads are running. Please try again in a few seconds.':
    'Terlalu banyak unduhan yang sedang berjalan. Silakan coba lagi dalam beberapa detik.',
  'Your company already has downloads running. Please try again when one of them has finished.':
    'Perusahaan Anda sudah memiliki unduhan yang sedang berjalan. Silakan coba lagi setelah salah satunya selesai.',
  'lang must be en or id': 'lang harus en atau id',
  'You do not have read access to any master data': 'Anda tidak memiliki akses baca ke data master mana pun',
  'device must name one device (its unique id or devc_id)':
    'device harus menyebut satu perangkat (unique id atau devc_id-nya)',
  'A download ticket is for a signed-in person': 'Tiket unduhan hanya untuk orang yang sudah masuk',
  'url must be the path of an export of this API (…/export.csv or …/export.xlsx)':
    'url harus berupa path ekspor API ini (…/export.csv atau …/export.xlsx)',
  'Cannot activate. Please add events to this configuration first.':
    'Tidak dapat diaktifkan. Tambahkan kejadian ke konfigurasi ini terlebih dahulu.',
  // rob
  'timezone must be hours east of UTC': 'timezone harus berupa selisih jam ke timur dari UTC',
  // setup, users
  'This installation is already set up: sign in, or ask an administrator for an account':
    'Instalasi ini sudah disiapkan: silakan masuk, atau minta akun kepada administrator',
  'A user with this e-mail already exists': 'Pengguna dengan e-mail ini sudah ada',
  'This login name is already taken': 'Nama login ini sudah dipakai',
  'This login name is the e-mail of another user': 'Nama login ini adalah e-mail pengguna lain',
  'This e-mail is the login name of another user': 'E-mail ini adalah nama login pengguna lain',
  "The asset must belong to one of the user's companies": 'Aset harus milik salah satu perusahaan pengguna',
  'You cannot delete your own user': 'Anda tidak dapat menghapus pengguna Anda sendiri',
  // share links (the report link page shows these)
  'This report link is not valid. Ask the sender for a new link.':
    'Tautan laporan ini tidak valid. Mintalah tautan baru kepada pengirim.',
  'This report link has expired. Ask the sender for a new link.':
    'Tautan laporan ini sudah kedaluwarsa. Mintalah tautan baru kepada pengirim.',
  'This report link has been revoked. Ask the sender for a new link.':
    'Tautan laporan ini telah dicabut. Mintalah tautan baru kepada pengirim.',
  'This report link opens only the report of its own vessel and period.':
    'Tautan laporan ini hanya membuka laporan kapal dan periodenya sendiri.',
  'An emissions period covers at most 366 days: choose a shorter period':
    'Periode emisi paling lama 366 hari: pilih periode yang lebih pendek',
  'A link shows at most 31 days': 'Satu tautan menampilkan paling lama 31 hari',
  'expiresInHours must be a whole number': 'expiresInHours harus berupa bilangan bulat',
  'expiresInHours must be at least 1': 'expiresInHours minimal 1',
  'id must be a share link id': 'id harus berupa id tautan berbagi',
  'This session was not opened with a share link': 'Sesi ini tidak dibuka dengan tautan berbagi',
  'The identity provider did not answer. Please try again later.':
    'Penyedia identitas tidak menjawab. Silakan coba lagi nanti.',
  // summary
  "mode must be 'period'": "mode harus 'period'",
  'The server is busy with reports and long summaries. Please try again in a few seconds.':
    'Server sedang sibuk dengan laporan dan ringkasan panjang. Silakan coba lagi dalam beberapa detik.',
  'devcMassId is required': 'devcMassId wajib diisi',
  'devcMassId must be an asset id (a whole number)': 'devcMassId harus berupa id aset (bilangan bulat)',
  'aggregatedUnit must be MINUTE, HOUR or DAY': 'aggregatedUnit harus MINUTE, HOUR, atau DAY',
  'aggregatedLength must make a MINUTE, HOUR or DAY bucket (1, or MINUTE × 60, or MINUTE × 1440)':
    'aggregatedLength harus membentuk bucket MINUTE, HOUR, atau DAY (1, atau MINUTE × 60, atau MINUTE × 1440)',
  // telemetry, tracker
  'At most 64 characters': 'Paling banyak 64 karakter',
  'Device key required (header X-Device-Key)': 'Kunci perangkat wajib ada (header X-Device-Key)',
  'Unknown or revoked device key': 'Kunci perangkat tidak dikenal atau telah dicabut',
  'payload is not JSON': 'payload bukan JSON',
  'payload must be a reading, an array or { key, readings }':
    'payload harus berupa satu pembacaan, array, atau { key, readings }',
  'readings must be an array': 'readings harus berupa array',
  'Device key required (payload key or topic segment)':
    'Kunci perangkat wajib ada (key pada payload atau segmen topic)',
  'aggregatedLength must be a whole number from 1': 'aggregatedLength harus berupa bilangan bulat mulai dari 1',
  'interval must be seconds or one of minute, hour, day, week, month':
    'interval harus berupa detik atau salah satu dari minute, hour, day, week, month',
  'assetId must be an asset id (a whole number)': 'assetId harus berupa id aset (bilangan bulat)',
  'You do not have read access to master_device or master_asset':
    'Anda tidak memiliki akses read ke master_device atau master_asset',
  'You do not have create or update access to master_asset':
    'Anda tidak memiliki akses create atau update ke master_asset',
  'The tracker is not connected': 'Pelacak tidak terhubung',
  'The tracker disconnected before answering': 'Pelacak terputus sebelum menjawab',
  'Command must be printable ASCII': 'Perintah harus berupa karakter ASCII yang dapat dicetak',
  'Command is at most 500 characters': 'Perintah paling banyak 500 karakter',
  'Command is required': 'Perintah wajib diisi',
  // voyages/ (issue 30)
  'No leg starts at start or ends at end': 'Tidak ada leg yang dimulai pada start atau berakhir pada end',
  'A merge needs two or more legs: end must be the end of a later leg':
    'Penggabungan memerlukan dua leg atau lebih: end harus berupa akhir leg yang lebih kemudian',
  'No leg holds the time at': 'Tidak ada leg yang mencakup waktu at',
  'No leg starts at start': 'Tidak ada leg yang dimulai pada start',
  // resources/define.ts helpers without values
  'only create, read, update and delete are allowed': 'hanya create, read, update, dan delete yang diizinkan',
  'must be a list of operations': 'harus berupa daftar operasi',
  // webhooks/
  'The URL must be an absolute http:// or https:// address': 'URL harus berupa alamat lengkap http:// atau https://',
  'The URL must not contain a user name or password': 'URL tidak boleh berisi nama pengguna atau kata sandi',
  'invalid URL': 'URL tidak valid',
  'id must be a webhook id': 'id harus berupa id webhook',
  'Name must be filled.': 'Nama harus diisi.',
  'Name cannot exceed 100 characters.': 'Nama tidak boleh lebih dari 100 karakter.',
  'URL must be filled.': 'URL harus diisi.',
  'URL cannot exceed 2000 characters.': 'URL tidak boleh lebih dari 2000 karakter.',
  'Choose at least one kind of notification.': 'Pilih paling sedikit satu jenis notifikasi.',
  'Choose a company first: webhooks belong to the active company':
    'Pilih perusahaan terlebih dahulu: webhook milik perusahaan yang aktif',
  'A test delivery sent from the fleet monitoring server': 'Pengiriman uji dari server pemantauan armada',
};

/**
 * Labels and titles that appear inside messages and are not a resource definition's (those are `indonesianOf`'s):
 * the titles of notFound(…), the parts some messages are made of.
 */
export const TERMS: Readonly<Record<string, string>> = {
  Data: 'Data',
  'API token': 'Token API',
  'Audit entry': 'Catatan audit',
  Value: 'Nilai',
  Password: 'Kata sandi',
  Device: 'Perangkat',
  Key: 'Kunci',
  Image: 'Gambar',
  Asset: 'Aset',
  Correction: 'Koreksi',
  'Bunkering Log': 'Log Bunker',
  'ROB profile': 'Profil ROB',
  'Share link': 'Tautan berbagi',
  Tracker: 'Pelacak',
  'OpenID Connect issuer': 'Penerbit OpenID Connect',
  'Company group name': 'Nama grup perusahaan',
  'Company name': 'Nama perusahaan',
  Command: 'Perintah',
  Webhook: 'Webhook',
  // account.routes.ts tooMany(…)
  'wrong current passwords': 'kata sandi saat ini yang salah',
  'password reset requests': 'permintaan atur ulang kata sandi',
  // telemetry/raw-horizon.ts beforeHorizon(…, what)
  'counts above a threshold and filtered rows': 'hitungan di atas ambang dan baris yang difilter',
  'MINUTE buckets': 'bucket MINUTE',
  'parts of hours': 'bagian dari jam',
  'the raw readings': 'pembacaan mentah',
  'parts of hours (a period, or buckets in this timezone, not on whole UTC hours)':
    'bagian dari jam (periode, atau bucket di zona waktu ini, yang tidak tepat pada jam UTC)',
  // zod's sizes
  characters: 'karakter',
  items: 'item',
  bytes: 'byte',
  entries: 'entri',
  elements: 'elemen',
};

/** Messages with values: [English, Indonesian]; the placeholders of both must be the same. */
export const PATTERNS: readonly (readonly [string, string])[] = [
  // webhooks/
  ['{{a}} is not an IP address', '{{a}} bukan alamat IP'],
  [
    '{{a}} is not a receiver address (this-host, link-local, multicast)',
    '{{a}} bukan alamat penerima (host ini, link-local, multicast)',
  ],
  [
    '{{a}} is a private or loopback address (WEBHOOK_ALLOW_PRIVATE=0)',
    '{{a}} adalah alamat privat atau loopback (WEBHOOK_ALLOW_PRIVATE=0)',
  ],
  ['no answer within {{ms:number}} ms', 'tidak ada jawaban dalam {{ms:number}} ms'],
  ['kinds may hold only {{list}}', 'kinds hanya boleh berisi {{list}}'],
  ['A company has at most {{n:number}} webhooks', 'Satu perusahaan paling banyak memiliki {{n:number}} webhook'],
  // http/
  ['Invalid path parameter {{p:params}}', 'Parameter path tidak valid: {{p:params}}'],
  ['Invalid query parameter {{p:params}}', 'Parameter query tidak valid: {{p:params}}'],
  [
    'The request body is too large: this request accepts at most {{kb:number}} KB',
    'Body permintaan terlalu besar: permintaan ini menerima paling banyak {{kb:number}} KB',
  ],
  ['Route {{method}} {{url}} not found', 'Rute {{method}} {{url}} tidak ditemukan'],
  ['page must be a whole number from 1 to {{n:number}}', 'page harus berupa bilangan bulat dari 1 sampai {{n:number}}'],
  ['max must be a whole number from 1 to {{n:number}}', 'max harus berupa bilangan bulat dari 1 sampai {{n:number}}'],
  [
    'months must be a whole number from 1 to {{n:number}}',
    'months harus berupa bilangan bulat dari 1 sampai {{n:number}}',
  ],
  // efficiency/ (issue 30)
  [
    'The fleet efficiency table covers at most {{n}} days: choose a shorter period',
    'Tabel efisiensi armada mencakup paling lama {{n}} hari: pilih periode yang lebih pendek',
  ],
  ['Filtering by {{f}} is not supported', 'Penyaringan berdasarkan {{f}} tidak didukung'],
  ['Ordering by {{f}} is not supported', 'Pengurutan berdasarkan {{f}} tidak didukung'],
  ['orders[{{f}}] must be asc or desc', 'orders[{{f}}] harus asc atau desc'],
  ['Searching by {{f}} is not supported', 'Pencarian berdasarkan {{f}} tidak didukung'],
  ['Selecting {{f}} is not supported', 'Pemilihan kolom {{f}} tidak didukung'],
  [
    '{{name}} was given more than once with different values',
    '{{name}} diberikan lebih dari sekali dengan nilai berbeda',
  ],
  [
    '{{name}} must be epoch seconds, ISO 8601 or YYYY-MM-DD HH:mm:ss (UTC), from 1970 to 9999 (got {{v}})',
    '{{name}} harus berupa detik epoch, ISO 8601, atau YYYY-MM-DD HH:mm:ss (UTC), dari 1970 sampai 9999 (diterima {{v}})',
  ],
  [
    'unit must be one of minute, hour, day, week, month (got {{v}})',
    'unit harus salah satu dari minute, hour, day, week, month (diterima {{v}})',
  ],
  ['{{name}} must be true or false', '{{name}} harus true atau false'],
  ['{{label:term}} must be a whole number', '{{label:term}} harus berupa bilangan bulat'],
  ['A voyages period holds at most {{n:number}} days', 'Periode pelayaran paling lama {{n:number}} hari'],
  ['{{label:term}} is too large', '{{label:term}} terlalu besar'],
  ['{{label:term}} is too small', '{{label:term}} terlalu kecil'],
  ["'{{v}}' is not a valid url component", "'{{v}}' bukan komponen URL yang valid"],
  // account, auth (the API token's limit first: the general pattern would take it)
  [
    'Too many requests with this API token. Please try again in {{t:duration}}.',
    'Terlalu banyak permintaan dengan token API ini. Silakan coba lagi dalam {{t:duration}}.',
  ],
  [
    'Too many {{what:term}}. Please try again in {{t:duration}}.',
    'Terlalu banyak {{what:term}}. Silakan coba lagi dalam {{t:duration}}.',
  ],
  [
    'Too many failed sign-in attempts. Please try again in {{t:duration}}.',
    'Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam {{t:duration}}.',
  ],
  ['Unknown application {{a}}; choose one of {{list}}', 'Aplikasi {{a}} tidak dikenal; pilih salah satu dari {{list}}'],
  ['{{name}} is disabled and cannot be chosen', '{{name}} dinonaktifkan dan tidak dapat dipilih'],
  ['You do not have {{op}} access to {{key}}', 'Anda tidak memiliki akses {{op}} ke {{key}}'],
  ['Password must be at least {{n}} characters', 'Kata sandi minimal {{n}} karakter'],
  ['Password must be at most {{n}} characters', 'Kata sandi paling banyak {{n}} karakter'],
  ['The image must be at most {{mb:number}} MB', 'Ukuran gambar paling besar {{mb:number}} MB'],
  ['year must be a year from {{a}} to {{b}}', 'year harus tahun dari {{a}} sampai {{b}}'],
  // crud
  ['finds[{{f}}] must be a date and time', 'finds[{{f}}] harus berupa tanggal dan waktu'],
  ['finds[{{f}}] must be a whole number', 'finds[{{f}}] harus berupa bilangan bulat'],
  ['finds[{{f}}] must be a number', 'finds[{{f}}] harus berupa angka'],
  ['finds[{{f}}] must be 0 or 1', 'finds[{{f}}] harus 0 atau 1'],
  ['{{label:term}} must be unix seconds', '{{label:term}} harus berupa detik unix'],
  [
    'Cannot delete this {{title:term}}: it is still used by {{uses:uses}}',
    '{{title:term}} ini tidak dapat dihapus: masih digunakan oleh {{uses:uses}}',
  ],
  ['Cannot delete this {{title:term}}: it is still in use', '{{title:term}} ini tidak dapat dihapus: masih digunakan'],
  ['This {{title:term}} already exists', '{{title:term}} ini sudah ada'],
  ['{{label:term}} must have {{k}} {{v}}', '{{label:term}} harus memiliki {{k}} {{v}}'],
  // crud/bulk.ts: bulk actions and file imports (issue 28)
  ['Nothing was deleted: {{name}}: {{m:message}}', 'Tidak ada yang dihapus: {{name}}: {{m:message}}'],
  ['Nothing was changed: {{name}}: {{m:message}}', 'Tidak ada yang diubah: {{name}}: {{m:message}}'],
  ['Nothing was imported: line {{n}}: {{m:message}}', 'Tidak ada yang diimpor: baris {{n}}: {{m:message}}'],
  ['At most {{n}} rows at a time', 'Paling banyak {{n}} baris sekaligus'],
  [
    'The file is larger than {{kb:number}} KB: split it into smaller files',
    'Berkas lebih besar dari {{kb:number}} KB: bagi menjadi beberapa berkas yang lebih kecil',
  ],
  [
    'The file has more than {{n:number}} rows: split it into smaller files',
    'Berkas berisi lebih dari {{n:number}} baris: bagi menjadi beberapa berkas yang lebih kecil',
  ],
  ['fixed[{{f}}] is not a field of this import', 'fixed[{{f}}] bukan isian dari impor ini'],
  [
    '{{label:term}} "{{v}}" names more than one record: write its id instead',
    '{{label:term}} "{{v}}" menunjuk lebih dari satu data: tulis ID-nya',
  ],
  ['{{label:term}} "{{v}}" not found', '{{label:term}} "{{v}}" tidak ditemukan'],
  ['The same as line {{n}} of the file: {{m:message}}', 'Sama dengan baris {{n}} berkas: {{m:message}}'],
  ['The same as line {{n}} of the file', 'Sama dengan baris {{n}} berkas'],
  // daily report
  [
    'No options selected: give at least one of reports[] = {{list}}',
    'Tidak ada opsi yang dipilih: berikan setidaknya satu dari reports[] = {{list}}',
  ],
  [
    'Unknown report {{r}}: reports[] must be among {{list}}',
    'Laporan {{r}} tidak dikenal: reports[] harus salah satu dari {{list}}',
  ],
  [
    'This report would draw about {{points:number}} data points ({{devices}} devices × {{unit}} buckets); a report holds at most {{limit:number}}. Choose a shorter period or a longer unit (HOUR or DAY).',
    'Laporan ini akan menggambar sekitar {{points:number}} titik data ({{devices}} perangkat × bucket {{unit}}); satu laporan memuat paling banyak {{limit:number}}. Pilih periode yang lebih pendek atau unit yang lebih panjang (HOUR atau DAY).',
  ],
  // event engine
  [
    '{{name}} is a system event (written by the server itself): it cannot be changed or deleted',
    '{{name}} adalah kejadian sistem (ditulis oleh server sendiri): tidak dapat diubah atau dihapus',
  ],
  [
    '{{name}} is a system event (written by the server itself): it cannot be part of an event configuration',
    '{{name}} adalah kejadian sistem (ditulis oleh server sendiri): tidak dapat menjadi bagian dari konfigurasi kejadian',
  ],
  // geo, health
  ['at most {{n:number}} points', 'paling banyak {{n:number}} titik'],
  ['Not ready: {{why}}', 'Belum siap: {{why}}'],
  // rob
  [
    "This period overlaps the asset's ROB profile from {{a}} to {{b}}",
    'Periode ini tumpang tindih dengan profil ROB aset dari {{a}} sampai {{b}}',
  ],
  [
    'Time must lie within the ROB profile ({{a}} to {{b}})',
    'Waktu harus berada di dalam profil ROB ({{a}} sampai {{b}})',
  ],
  [
    "The period must include the profile's adjustments: move or delete the adjustment of {{a}} first",
    'Periode harus mencakup penyesuaian profil: pindahkan atau hapus penyesuaian pada {{a}} terlebih dahulu',
  ],
  [
    "The period must include the profile's adjustments: move or delete the adjustments of {{a}} first",
    'Periode harus mencakup penyesuaian profil: pindahkan atau hapus penyesuaian pada {{a}} terlebih dahulu',
  ],
  [
    "The period must include the profile's adjustments: move or delete the adjustments of {{a}} and {{n}} more first",
    'Periode harus mencakup penyesuaian profil: pindahkan atau hapus penyesuaian pada {{a}} dan {{n}} lainnya terlebih dahulu',
  ],
  ['interval must be one of {{list}}', 'interval harus salah satu dari {{list}}'],
  // setup
  ['Company group "{{g}}" not found', 'Grup perusahaan "{{g}}" tidak ditemukan'],
  ['More than one company group is named "{{g}}"', 'Ada lebih dari satu grup perusahaan bernama "{{g}}"'],
  [
    '{{g}} has no company "{{c}}"; its companies: {{list}}',
    '{{g}} tidak memiliki perusahaan "{{c}}"; perusahaannya: {{list}}',
  ],
  ['{{g}} has no company yet', '{{g}} belum memiliki perusahaan'],
  // share links
  ['{{label:term}} must be epoch seconds', '{{label:term}} harus berupa detik epoch'],
  ['{{label:term}} must be whole epoch seconds', '{{label:term}} harus berupa detik epoch bulat'],
  ['expiresInHours must be at most {{n}} (7 days)', 'expiresInHours paling banyak {{n}} (7 hari)'],
  // summary
  ['typesToGet: unknown {{x}}; use {{list}}', 'typesToGet: {{x}} tidak dikenal; gunakan {{list}}'],
  [
    'Too many reports and long summaries of your company are waiting ({{n}}). Please try again when they are done.',
    'Terlalu banyak laporan dan ringkasan panjang perusahaan Anda yang sedang menunggu ({{n}}). Silakan coba lagi setelah semuanya selesai.',
  ],
  [
    'This request needs more memory than a report worker may use ({{mb:number}} MB). Choose a shorter period or a longer unit; the administrator can raise HEAVY_WORKER_HEAP_MB.',
    'Permintaan ini membutuhkan lebih banyak memori daripada yang boleh dipakai worker laporan ({{mb:number}} MB). Pilih periode yang lebih pendek atau unit yang lebih panjang; administrator dapat menaikkan HEAVY_WORKER_HEAP_MB.',
  ],
  [
    'The period holds {{n:number}} {{unit}} buckets; at most {{max:number}} — choose a shorter period or a longer unit',
    'Periode ini berisi {{n:number}} bucket {{unit}}; paling banyak {{max:number}} — pilih periode yang lebih pendek atau unit yang lebih panjang',
  ],
  ['devcType must be one of {{list}}', 'devcType harus salah satu dari {{list}}'],
  // telemetry, tracker
  ['at most {{n:number}} readings per batch', 'paling banyak {{n:number}} pembacaan per batch'],
  [
    'Raw readings before {{day}} (UTC) were deleted by the retention (RAW_RETENTION_DAYS); only hourly and daily figures are kept for that time, so {{what:term}} cannot be answered there. Ask for whole hours (HOUR or DAY buckets, a timezone a whole number of hours from UTC), or a period from {{from}} on.',
    'Pembacaan mentah sebelum {{day}} (UTC) telah dihapus oleh retensi (RAW_RETENTION_DAYS); untuk waktu itu hanya angka per jam dan per hari yang disimpan, sehingga {{what:term}} tidak dapat dijawab di sana. Mintalah jam penuh (bucket HOUR atau DAY, zona waktu dengan selisih jam bulat dari UTC), atau periode mulai {{from}}.',
  ],
  ['functionNames[{{i}}]: {{n}} is not one of {{list}}', 'functionNames[{{i}}]: {{n}} bukan salah satu dari {{list}}'],
  [
    'functionNames[{{i}}]: name the column, e.g. {{n}}(dlgpSpeed)',
    'functionNames[{{i}}]: sebutkan kolomnya, mis. {{n}}(dlgpSpeed)',
  ],
  ['aggregatedUnit must be one of {{list}}', 'aggregatedUnit harus salah satu dari {{list}}'],
  ['primaryFunctionName must be one of {{list}}', 'primaryFunctionName harus salah satu dari {{list}}'],
  ['Unknown device type {{t}}; one of {{list}}', 'Jenis perangkat {{t}} tidak dikenal; salah satu dari {{list}}'],
  ['Unknown device type {{t}}', 'Jenis perangkat {{t}} tidak dikenal'],
  [
    'limit must be a whole number from 1 to {{n:number}}',
    'limit harus berupa bilangan bulat dari 1 sampai {{n:number}}',
  ],
  ['Unknown filter operator {{op}}', 'Operator filter {{op}} tidak dikenal'],
  [
    "additionalFilter: cannot read '{{p}}' (expected column, operator, number)",
    "additionalFilter: '{{p}}' tidak dapat dibaca (diharapkan kolom, operator, angka)",
  ],
  ['additionalFilter: unknown column {{c}} for {{t}}', 'additionalFilter: kolom {{c}} tidak dikenal untuk {{t}}'],
  ['Unknown column {{c}} for {{t}}', 'Kolom {{c}} tidak dikenal untuk {{t}}'],
  ['COUNTGT of {{c}} needs a numeric parameter', 'COUNTGT dari {{c}} memerlukan parameter berupa angka'],
  [
    'The period makes {{n:number}} buckets for each of {{d:number}} device(s), more than {{max:number}} in all: shorten the period or choose a larger aggregatedUnit',
    'Periode ini menghasilkan {{n:number}} bucket untuk masing-masing dari {{d:number}} perangkat, lebih dari {{max:number}} seluruhnya: perpendek periode atau pilih aggregatedUnit yang lebih besar',
  ],
  ['The tracker did not answer within {{s:number}} s', 'Pelacak tidak menjawab dalam {{s:number}} s'],
  // http/envelope.ts notFound(title): a title the server passes (the resources' own are define.ts's)
  ['{{what:term}} not found', '{{what:term}} tidak ditemukan'],
  // zod's own messages with values
  ['Invalid input: expected {{v}}', 'Input tidak valid: diharapkan {{v}}'],
  ['Invalid option: expected one of {{list}}', 'Pilihan tidak valid: diharapkan salah satu dari {{list}}'],
  [
    'Too big: expected {{o}} to have {{n}} {{unit:term}}',
    'Terlalu besar: {{o}} diharapkan memiliki {{n}} {{unit:term}}',
  ],
  ['Too big: expected {{o}} to be {{n}}', 'Terlalu besar: {{o}} diharapkan {{n}}'],
  [
    'Too small: expected {{o}} to have {{n}} {{unit:term}}',
    'Terlalu kecil: {{o}} diharapkan memiliki {{n}} {{unit:term}}',
  ],
  ['Too small: expected {{o}} to be {{n}}', 'Terlalu kecil: {{o}} diharapkan {{n}}'],
  ['Invalid string: must start with "{{x}}"', 'String tidak valid: harus diawali "{{x}}"'],
  ['Invalid string: must end with "{{x}}"', 'String tidak valid: harus diakhiri "{{x}}"'],
  ['Invalid string: must include "{{x}}"', 'String tidak valid: harus memuat "{{x}}"'],
  ['Invalid string: must match pattern {{p}}', 'String tidak valid: harus sesuai pola {{p}}'],
  ['Invalid number: must be a multiple of {{d}}', 'Angka tidak valid: harus kelipatan {{d}}'],
  ['Unrecognized keys: {{k}}', 'Kunci tidak dikenal: {{k}}'],
  ['Unrecognized key: {{k}}', 'Kunci tidak dikenal: {{k}}'],
  ['Invalid key in {{o}}', 'Kunci tidak valid di {{o}}'],
  ['Invalid value in {{o}}', 'Nilai tidak valid di {{o}}'],
  ['Invalid discriminator value. Expected {{x}}', 'Nilai diskriminator tidak valid. Diharapkan {{x}}'],
  ['Invalid {{format}}', '{{format}} tidak valid'],
];

type Kind = 'plain' | 'term' | 'terms' | 'uses' | 'message' | 'params' | 'number' | 'duration';
const PLACEHOLDER = /\{\{(\w+)(?::(\w+))?\}\}/g;

interface Compiled {
  regex: RegExp;
  kinds: { name: string; kind: Kind }[];
  id: string;
  /** the English without its placeholders: the longer, the more specific (tried first) */
  weight: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile([en, id]: readonly [string, string]): Compiled {
  const kinds: Compiled['kinds'] = [];
  let source = '';
  let last = 0;
  for (const m of en.matchAll(PLACEHOLDER)) {
    source += `${escapeRegex(en.slice(last, m.index))}(.+?)`;
    kinds.push({ name: m[1], kind: (m[2] ?? 'plain') as Kind });
    last = (m.index ?? 0) + m[0].length;
  }
  source += escapeRegex(en.slice(last));
  return {
    regex: new RegExp(`^${source}$`, 's'),
    kinds,
    id,
    weight: en.replace(PLACEHOLDER, '').length,
  };
}

const COMPILED = PATTERNS.map(compile).sort((a, b) => b.weight - a.weight);

/** A label or title in Indonesian: the resource definitions' (indonesianOf), else TERMS; undefined when neither. */
/**
 * A resource's name in messages ("Cannot delete this Tank Header: … used by Tank Detail (7)") is its list title
 * without " List" (crud/write.ts resourceTitle); in Indonesian the list title without "Daftar ".
 */
const RECORD_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  resourceList.map((d) => [
    d.texts.title.replace(/ List$/, ''),
    (d.indonesian.texts.title ?? d.texts.title).replace(/^Daftar /, ''),
  ]),
);

const term0 = (v: string): string | undefined => indonesianOf(v) ?? RECORD_TITLES[v] ?? TERMS[v] ?? MESSAGES[v];

/** A label or title in Indonesian, else as it is. */
const term = (v: string): string => term0(v) ?? v;

const enNumber = /^(-?[\d,]*\.?\d+)(.*)$/s;
const idNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 6 });

/** A value in Indonesian; undefined when a whole message inside has no Indonesian (the pattern does not apply). */
function valueIn(kind: Kind, v: string): string | undefined {
  switch (kind) {
    case 'term':
      return term(v);
    case 'terms':
      return v
        .split(', ')
        .map((x) => term(x))
        .join(', ');
    case 'uses':
      return v
        .split(', ')
        .map((x) => {
          const m = /^(.*) \((\d+)\)$/.exec(x);
          return m ? `${term(m[1])} (${m[2]})` : term(x);
        })
        .join(', ');
    case 'message':
      return indonesianMessage(v);
    case 'params':
      return v
        .split('; ')
        .map((part) => {
          const i = part.indexOf(': ');
          if (i < 0) return indonesianMessage(part) ?? part;
          const rest = part.slice(i + 2);
          const whole = indonesianMessage(rest);
          const each =
            whole ??
            rest
              .split(', ')
              .map((x) => indonesianMessage(x) ?? x)
              .join(', ');
          return `${part.slice(0, i)}: ${each}`;
        })
        .join('; ');
    case 'number': {
      const m = enNumber.exec(v);
      const n = m ? Number(m[1].replaceAll(',', '')) : Number.NaN;
      return m && Number.isFinite(n) ? idNumber.format(n) + m[2] : v;
    }
    case 'duration': {
      const m = /^(\d+) (second|minute)s?$/.exec(v);
      return m ? `${m[1]} ${m[2] === 'second' ? 'detik' : 'menit'}` : v;
    }
    default:
      return v;
  }
}

/** The Indonesian of an English message, or undefined when the catalogue has none. */
export function indonesianMessage(message: string): string | undefined {
  if (Object.hasOwn(MESSAGES, message)) return MESSAGES[message];
  // the resources' messages, fixed or built by define.ts's schema helpers, with the server's terms as names too
  const resource = resourceMessage(message, term0);
  if (resource !== undefined) return resource;
  for (const p of COMPILED) {
    const m = p.regex.exec(message);
    if (!m) continue;
    const values = p.kinds.map((k, i) => [k.name, valueIn(k.kind, m[i + 1])] as const);
    if (values.some(([, v]) => v === undefined)) continue;
    const byName = new Map(values);
    return p.id.replace(PLACEHOLDER, (all, name: string) => byName.get(name) ?? all);
  }
  return undefined;
}

/** A message in `language`: English as it is; Indonesian from the catalogue (English where it has none). */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en' || KEPT_ENGLISH.has(message)) return message;
  return indonesianMessage(message) ?? message;
}

/** An envelope's `status.message` — one message, or per-field lists — in `language`. */
export function translateStatusMessage(message: string | FieldMessages, language: Language): string | FieldMessages {
  if (language === 'en') return message;
  if (typeof message === 'string') return translateMessage(message, language);
  const out: FieldMessages = {};
  for (const [field, list] of Object.entries(message))
    out[field] = Array.isArray(list) ? list.map((m) => translateMessage(String(m), language)) : list;
  return out;
}
