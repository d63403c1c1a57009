<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
<context>
    <name>Charts</name>
    <message>
        <source>%1 (reference, dashed)</source>
        <translation>%1 (acuan, garis putus-putus)</translation>
    </message>
    <message>
        <source>GPU, flush to zero: dash-dot</source>
        <translation>GPU, flush ke nol: titik-garis</translation>
    </message>
    <message>
        <source>GPU: short dashes</source>
        <translation>GPU: garis putus pendek</translation>
    </message>
    <message>
        <source>flush to zero: dotted</source>
        <translation>flush ke nol: bertitik</translation>
    </message>
    <message>
        <source>native product: long dashes</source>
        <translation>perkalian native: garis putus panjang</translation>
    </message>
</context>
<context>
    <name>presisi::BitsView</name>
    <message>
        <source>exponent (%1 bits, bias %2)</source>
        <translation>eksponen (%1 bit, bias %2)</translation>
    </message>
    <message>
        <source>exponent (%1)</source>
        <translation>eksponen (%1)</translation>
    </message>
    <message>
        <source>exponent</source>
        <translation>eksponen</translation>
    </message>
    <message>
        <source>exp.</source>
        <translation>eks.</translation>
    </message>
    <message>
        <source>mantissa (%1 bits)</source>
        <translation>mantisa (%1 bit)</translation>
    </message>
    <message>
        <source>mantissa (%1)</source>
        <translation>mantisa (%1)</translation>
    </message>
    <message>
        <source>mantissa</source>
        <translation>mantisa</translation>
    </message>
    <message>
        <source>mant.</source>
        <translation>mant.</translation>
    </message>
</context>
<context>
    <name>presisi::BoundaryView</name>
    <message>
        <source>fit</source>
        <translation>fit</translation>
    </message>
</context>
<context>
    <name>presisi::ConvergencePage</name>
    <message>
        <source>Convergence check</source>
        <translation>Uji konvergensi</translation>
    </message>
    <message>
        <source>The rule: a lane is safe when its mean final evaluation loss differs from the float32 lane&apos;s by no more than what changing the model seed does (the float32 lane&apos;s seed-to-seed spread); a larger shift calls for an audit of the sensitive operations before the speed is taken. A run that ends in inf/NaN is always an audit.</source>
        <translation>Aturannya: sebuah lajur aman bila rata-rata loss evaluasi akhirnya berselisih dari lajur float32 tidak lebih dari apa yang terjadi bila seed model diganti (sebaran antar-seed lajur float32); pergeseran yang lebih besar menuntut audit operasi-operasi sensitif sebelum kecepatannya diambil. Run yang berakhir dengan inf/NaN selalu berarti audit.</translation>
    </message>
    <message>
        <source>safe when every seed&apos;s run stays finite and |mean eval loss - mean of the f32 lane| &lt;= 2 x max(the f32 lane&apos;s seed-to-seed standard deviation, the f32 evaluation&apos;s standard error over its samples); otherwise audit (evaluation loss in float32 without gradients; spread = sample standard deviation over seeds)</source>
        <translation>aman bila run setiap seed tetap hingga dan |rata-rata loss evaluasi - rata-rata lajur f32| &lt;= 2 x maks(simpangan baku antar-seed lajur f32, galat baku evaluasi f32 atas sampelnya); selain itu audit (loss evaluasi dalam float32 tanpa gradien; sebaran = simpangan baku sampel antar-seed)</translation>
    </message>
    <message>
        <source>seeds</source>
        <translation>seed</translation>
    </message>
    <message>
        <source>Model seeds per lane (the data stays the same): more seeds, a surer spread, a longer check</source>
        <translation>Jumlah seed model per lajur (datanya tetap sama): makin banyak seed, makin pasti sebarannya, makin lama ujinya</translation>
    </message>
    <message>
        <source>Run check</source>
        <translation>Jalankan uji</translation>
    </message>
    <message>
        <source>Trains every lane of the Training lab&apos;s current setup from each seed, on all cores</source>
        <translation>Melatih setiap lajur dari pengaturan Lab pelatihan saat ini dari tiap seed, memakai semua core</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <source>Stops the check (Esc)</source>
        <translation>Menghentikan uji (Esc)</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>belum dijalankan</translation>
    </message>
    <message>
        <source>Training runs done of all: every lane from every seed.</source>
        <translation>Run pelatihan yang sudah selesai dari seluruhnya: setiap lajur dari setiap seed.</translation>
    </message>
    <message>
        <source>show</source>
        <translation>tampilkan</translation>
    </message>
    <message>
        <source>evaluation loss</source>
        <translation>loss evaluasi</translation>
    </message>
    <message>
        <source>evaluation accuracy</source>
        <translation>akurasi evaluasi</translation>
    </message>
    <message>
        <source>What the dots show (accuracy for classification setups only); the verdict always judges the evaluation loss.</source>
        <translation>Apa yang ditunjukkan titik-titiknya (akurasi hanya untuk pengaturan klasifikasi); putusannya selalu menilai loss evaluasi.</translation>
    </message>
    <message>
        <source>Setup: the Training lab&apos;s current controls (pick a preset there, then come back)</source>
        <translation>Pengaturan: kontrol Lab pelatihan saat ini (pilih preset di sana, lalu kembali ke sini)</translation>
    </message>
    <message>
        <source>What the check trains: the Training lab&apos;s setup, every lane from each model seed, the data seed pinned so only the model&apos;s initialisation changes.</source>
        <translation>Apa yang dilatih uji ini: pengaturan Lab pelatihan, setiap lajur dari tiap seed model, dengan seed data dikunci sehingga hanya inisialisasi model yang berubah.</translation>
    </message>
    <message>
        <source>Each dot: one seed&apos;s final evaluation loss (float32, no gradients); bar: the lane&apos;s mean, coloured band: mean ± one standard deviation across seeds. The grey band across every column is the safe band, the f32 mean ± the rule&apos;s threshold: a lane whose mean lies in it is within the seed spread.</source>
        <translation>Tiap titik: loss evaluasi akhir satu seed (float32, tanpa gradien); garis: rata-rata lajur, pita berwarna: rata-rata ± satu simpangan baku antar-seed. Pita abu-abu yang melintasi semua kolom adalah pita aman, rata-rata f32 ± ambang aturan: lajur yang rata-ratanya berada di dalamnya masih dalam sebaran seed.</translation>
    </message>
    <message>
        <source>Press Run check: every lane of the Training lab&apos;s setup, from each seed</source>
        <translation>Tekan Jalankan uji: setiap lajur dari pengaturan Lab pelatihan, dari tiap seed</translation>
    </message>
    <message>
        <source>lane</source>
        <translation>lajur</translation>
    </message>
    <message>
        <source>mean eval loss</source>
        <translation>rata-rata loss eval</translation>
    </message>
    <message>
        <source>spread (sd)</source>
        <translation>sebaran (sd)</translation>
    </message>
    <message>
        <source>shift vs f32</source>
        <translation>pergeseran thd f32</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>putusan</translation>
    </message>
    <message>
        <source>why</source>
        <translation>alasan</translation>
    </message>
    <message>
        <source>The lane as the Training lab names it (device:format, options)</source>
        <translation>Lajur sebagaimana dinamai Lab pelatihan (perangkat:format, opsi)</translation>
    </message>
    <message>
        <source>Mean over seeds of the final evaluation loss (float32)</source>
        <translation>Rata-rata antar-seed dari loss evaluasi akhir (float32)</translation>
    </message>
    <message>
        <source>Sample standard deviation over seeds</source>
        <translation>Simpangan baku sampel antar-seed</translation>
    </message>
    <message>
        <source>The lane&apos;s mean minus the float32 lane&apos;s mean</source>
        <translation>Rata-rata lajur dikurangi rata-rata lajur float32</translation>
    </message>
    <message>
        <source>safe: within the seed spread; audit: shift larger than the seed spread (audit the sensitive operations); reference: the f32 lane</source>
        <translation>aman: dalam sebaran seed; audit: pergeseran lebih besar daripada sebaran seed (audit operasi-operasi sensitif); acuan: lajur f32</translation>
    </message>
    <message>
        <source>The numbers behind the verdict: the shift against the threshold, 2 × the larger of the f32 seed spread and its evaluation noise</source>
        <translation>Angka di balik putusan: pergeseran dibandingkan dengan ambang, yaitu 2 × yang lebih besar antara sebaran seed f32 dan derau evaluasinya</translation>
    </message>
    <message>
        <source>One row per lane: its mean over seeds, spread and shift from float32, and the verdict. Hover a column&apos;s header for what it means.</source>
        <translation>Satu baris per lajur: rata-rata antar-seed, sebaran, pergeseran dari float32, dan putusannya. Arahkan kursor ke judul kolom untuk artinya.</translation>
    </message>
    <message>
        <source>Why this rule: a retrained float32 model moves by its seed spread anyway, so a shift within it is no evidence against mixed precision; twice the spread covers about 95% of it.</source>
        <translation>Mengapa aturan ini: model float32 yang dilatih ulang pun bergeser sebesar sebaran seed-nya, jadi pergeseran di dalamnya bukan bukti yang memberatkan presisi campuran; dua kali sebaran mencakup sekitar 95% darinya.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Convergence check&lt;/h3&gt;&lt;p&gt;Is mixed precision safe for this setup? Every lane is trained from several model seeds on identical data; each run&apos;s final evaluation (float32, no gradients) is a dot. A lane is &lt;b&gt;safe&lt;/b&gt; when its mean lies within the float32 lane&apos;s seed-to-seed spread, and calls for an &lt;b&gt;audit&lt;/b&gt; of the sensitive operations when the shift is larger.&lt;/p&gt;&lt;p&gt;The setup is the Training lab&apos;s: load a preset there (e.g. &lt;i&gt;underflow&lt;/i&gt;), then Run check here. Esc cancels.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Uji konvergensi&lt;/h3&gt;&lt;p&gt;Amankah presisi campuran untuk pengaturan ini? Setiap lajur dilatih dari beberapa seed model pada data yang identik; evaluasi akhir tiap run (float32, tanpa gradien) menjadi satu titik. Sebuah lajur &lt;b&gt;aman&lt;/b&gt; bila rata-ratanya berada dalam sebaran antar-seed lajur float32, dan menuntut &lt;b&gt;audit&lt;/b&gt; operasi-operasi sensitif bila pergeserannya lebih besar.&lt;/p&gt;&lt;p&gt;Pengaturannya milik Lab pelatihan: muat preset di sana (mis. &lt;i&gt;underflow&lt;/i&gt;), lalu tekan Jalankan uji di sini. Esc membatalkan.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Presisi convergence check · %1 · %2 seeds · %3 steps · lanes %4</source>
        <translation>Uji konvergensi Presisi · %1 · %2 seed · %3 langkah · lajur %4</translation>
    </message>
    <message>
        <source>custom setup</source>
        <translation>pengaturan sendiri</translation>
    </message>
    <message>
        <source>preset %1</source>
        <translation>preset %1</translation>
    </message>
    <message>
        <source>Convergence check: running (%1 seeds)</source>
        <translation>Uji konvergensi: berjalan (%1 seed)</translation>
    </message>
    <message>
        <source>Convergence check: done</source>
        <translation>Uji konvergensi: selesai</translation>
    </message>
    <message>
        <source>Restart check</source>
        <translation>Ulangi uji</translation>
    </message>
    <message>
        <source>Cannot run the check: %1</source>
        <translation>Uji tidak dapat dijalankan: %1</translation>
    </message>
    <message>
        <source>The convergence check needs a training setup (the summation demo has no model to seed).</source>
        <translation>Uji konvergensi memerlukan pengaturan pelatihan (demo penjumlahan tidak punya model untuk diberi seed).</translation>
    </message>
    <message>
        <source>Setup: %1 · %2 steps · lanes %3 · %4 seeds each, data seed pinned</source>
        <translation>Pengaturan: %1 · %2 langkah · lajur %3 · masing-masing %4 seed, seed data dikunci</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>berjalan…</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>memulai…</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>dibatalkan</translation>
    </message>
    <message>
        <source>Check cancelled.</source>
        <translation>Uji dibatalkan.</translation>
    </message>
    <message>
        <source>%p% · %1 lanes × %2 seeds</source>
        <translation>%p% · %1 lajur × %2 seed</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>gagal</translation>
    </message>
    <message>
        <source>Check failed: %1</source>
        <translation>Uji gagal: %1</translation>
    </message>
    <message>
        <source>done</source>
        <translation>selesai</translation>
    </message>
    <message>
        <source>Final evaluation accuracy per seed</source>
        <translation>Akurasi evaluasi akhir per seed</translation>
    </message>
    <message>
        <source>Final evaluation loss per seed</source>
        <translation>Loss evaluasi akhir per seed</translation>
    </message>
    <message>
        <source>eval accuracy (share right)</source>
        <translation>akurasi eval (porsi benar)</translation>
    </message>
    <message>
        <source>eval loss (float32)</source>
        <translation>loss eval (float32)</translation>
    </message>
    <message>
        <source>safe band: f32 mean ± %1 (the rule&apos;s threshold)</source>
        <translation>pita aman: rata-rata f32 ± %1 (ambang aturan)</translation>
    </message>
    <message>
        <source>within the seed spread: safe</source>
        <translation>dalam sebaran seed: aman</translation>
    </message>
    <message>
        <source>shift larger than the seed spread: audit the sensitive operations</source>
        <translation>pergeseran lebih besar daripada sebaran seed: audit operasi-operasi sensitif</translation>
    </message>
    <message>
        <source>reference (float32)</source>
        <translation>acuan (float32)</translation>
    </message>
    <message>
        <source>The rule: %1</source>
        <translation>Aturannya: %1</translation>
    </message>
    <message>
        <source>a seed&apos;s run went non-finite: audit the sensitive operations</source>
        <translation>run salah satu seed menjadi tak hingga/NaN: audit operasi-operasi sensitif</translation>
    </message>
    <message>
        <source>no float32 lane to compare with: add cpu:f32</source>
        <translation>tidak ada lajur float32 sebagai pembanding: tambahkan cpu:f32</translation>
    </message>
    <message>
        <source>the float32 reference went non-finite: the setup itself diverges (lower the learning rate)</source>
        <translation>acuan float32 menjadi tak hingga/NaN: pengaturannya sendiri divergen (turunkan laju pembelajaran)</translation>
    </message>
    <message>
        <source>the float32 reference: seed spread %1, evaluation noise %2; safe within ±%3</source>
        <translation>acuan float32: sebaran seed %1, derau evaluasi %2; aman dalam ±%3</translation>
    </message>
    <message>
        <source>shift %1 within the seed spread (|shift| ≤ %2): safe</source>
        <translation>pergeseran %1 dalam sebaran seed (|pergeseran| ≤ %2): aman</translation>
    </message>
    <message>
        <source>shift %1 larger than the seed spread (|shift| &gt; %2): audit the sensitive operations</source>
        <translation>pergeseran %1 lebih besar daripada sebaran seed (|pergeseran| &gt; %2): audit operasi-operasi sensitif</translation>
    </message>
</context>
<context>
    <name>presisi::FormatsPage</name>
    <message>
        <source>Formats</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>nol</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>subnormal</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>inf</source>
        <translation>inf</translation>
    </message>
    <message>
        <source>nan</source>
        <translation>nan</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>Nilai:</translation>
    </message>
    <message>
        <source>The value to store, as a decimal or hexadecimal float: 65520, 1e-8, -0.1, 0x1p-24, inf, nan. It is rounded to each format to nearest, ties to even, as a cast does.</source>
        <translation>Nilai yang disimpan, sebagai float desimal atau heksadesimal: 65520, 1e-8, -0.1, 0x1p-24, inf, nan. Nilai ini dibulatkan ke tiap format ke yang terdekat, seri ke genap, seperti cast.</translation>
    </message>
    <message>
        <source>%1 (%2): %3 bits = 1 sign + %4 exponent + %5 mantissa · max %6 · smallest normal %7 · smallest subnormal %8</source>
        <translation>%1 (%2): %3 bit = 1 tanda + %4 eksponen + %5 mantisa · maks %6 · normal terkecil %7 · subnormal terkecil %8</translation>
    </message>
    <message>
        <source>The exponent bits set the range (max, smallest normal), the mantissa bits the precision: %1 significant bits, so neighbouring normal values differ by at most 1 part in 2^%2 (the ulp). Below the smallest normal, subnormals trade precision for range down to the smallest subnormal.</source>
        <translation>Bit eksponen menentukan rentang (maks, normal terkecil), bit mantisa menentukan presisi: %1 bit signifikan, sehingga nilai normal yang bertetangga berselisih paling banyak 1 bagian dalam 2^%2 (ulp). Di bawah normal terkecil, subnormal menukar presisi dengan rentang hingga subnormal terkecil.</translation>
    </message>
    <message>
        <source>stored: the nearest value the format holds (ties to even) and its class; error: stored − typed, and relative to the typed value; neighbours: the next values below and above, one ulp away.</source>
        <translation>tersimpan: nilai terdekat yang dapat dimuat format (seri ke genap) dan kelasnya; galat: tersimpan − diketik, juga relatif terhadap nilai yang diketik; tetangga: nilai berikutnya di bawah dan di atas, sejauh satu ulp.</translation>
    </message>
    <message>
        <source>Where the value sits among each format&apos;s ranges</source>
        <translation>Letak nilai di antara rentang tiap format</translation>
    </message>
    <message>
        <source>|value| on a log2 axis: pale is each format&apos;s subnormal range, solid its normal range, and the marker the typed value. Left of a row&apos;s pale part the value rounds to 0, right of its solid part to inf.</source>
        <translation>|nilai| pada sumbu log2: bagian pucat adalah rentang subnormal tiap format, bagian pekat rentang normalnya, dan penanda adalah nilai yang diketik. Di kiri bagian pucat suatu baris nilainya dibulatkan ke 0, di kanan bagian pekatnya ke inf.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Formats.&lt;/b&gt; Type a value and see how each format stores it. bf16 keeps float32&apos;s 8 exponent bits (same range, 8 bits of precision); f16 has 5 exponent bits: its largest value is 65504, its smallest normal 2&lt;sup&gt;-14&lt;/sup&gt; and smallest subnormal 2&lt;sup&gt;-24&lt;/sup&gt;.&lt;br&gt;&lt;br&gt;Try 65520 (rounds to inf in f16), 0x1p-25 (ties to even: 0 in f16), 1e-8 (a gradient that sinks to zero in f16 but not in bf16) and 0.1.</source>
        <translation>&lt;b&gt;Format.&lt;/b&gt; Ketik sebuah nilai dan lihat bagaimana tiap format menyimpannya. bf16 mempertahankan 8 bit eksponen float32 (rentang sama, presisi 8 bit); f16 punya 5 bit eksponen: nilai terbesarnya 65504, normal terkecilnya 2&lt;sup&gt;-14&lt;/sup&gt; dan subnormal terkecilnya 2&lt;sup&gt;-24&lt;/sup&gt;.&lt;br&gt;&lt;br&gt;Coba 65520 (menjadi inf di f16), 0x1p-25 (seri ke genap: 0 di f16), 1e-8 (gradien yang tenggelam ke nol di f16 tetapi tidak di bf16) dan 0.1.</translation>
    </message>
    <message>
        <source>Presisi formats: %1 in f32, bf16, f16</source>
        <translation>Format Presisi: %1 dalam f32, bf16, f16</translation>
    </message>
    <message>
        <source>not a number: type e.g. 65520, 1e-8, 0x1p-24</source>
        <translation>bukan angka: ketik mis. 65520, 1e-8, 0x1p-24</translation>
    </message>
    <message>
        <source>  — NaN stays NaN in every format</source>
        <translation>  — NaN tetap NaN di setiap format</translation>
    </message>
    <message>
        <source>  — inf stays inf in every format</source>
        <translation>  — inf tetap inf di setiap format</translation>
    </message>
    <message>
        <source>  — overflow: |x| ≥ %1 rounds to inf</source>
        <translation>  — overflow: |x| ≥ %1 dibulatkan ke inf</translation>
    </message>
    <message>
        <source>  — exactly half the smallest subnormal %1: a tie, rounded to the even neighbour, 0</source>
        <translation>  — tepat setengah subnormal terkecil %1: seri, dibulatkan ke tetangga genap, 0</translation>
    </message>
    <message>
        <source>  — underflow: below half the smallest subnormal %1</source>
        <translation>  — tenggelam ke nol: di bawah setengah subnormal terkecil %1</translation>
    </message>
    <message>
        <source>  — subnormal: fewer significant bits below %1</source>
        <translation>  — subnormal: bit signifikan lebih sedikit di bawah %1</translation>
    </message>
    <message>
        <source>none (stored as itself)</source>
        <translation>tidak ada (disimpan apa adanya)</translation>
    </message>
    <message>
        <source>%1 (relative %2)</source>
        <translation>%1 (relatif %2)</translation>
    </message>
    <message>
        <source>inf: overflow</source>
        <translation>inf: overflow</translation>
    </message>
    <message>
        <source>stored &lt;b&gt;%1&lt;/b&gt; (%2)%3&lt;br&gt;error %4 · bits 0x%5 · neighbours %6 ◀ ▶ %7</source>
        <translation>tersimpan &lt;b&gt;%1&lt;/b&gt; (%2)%3&lt;br&gt;galat %4 · bit 0x%5 · tetangga %6 ◀ ▶ %7</translation>
    </message>
    <message>
        <source>The stored bits: sign (0 = positive), exponent (biased by %1; all ones means inf or NaN, all zeros subnormal or zero) and mantissa (the fraction after the leading 1). A 1 is drawn in the field&apos;s full colour, a 0 paler.</source>
        <translation>Bit yang disimpan: tanda (0 = positif), eksponen (dengan bias %1; semua satu berarti inf atau NaN, semua nol berarti subnormal atau nol) dan mantisa (pecahan setelah angka 1 di depan). Bit 1 digambar dengan warna penuh bidangnya, bit 0 lebih pucat.</translation>
    </message>
</context>
<context>
    <name>presisi::LaneTile</name>
    <message>
        <source>The lane %1: device:format, then +ftz (subnormals flushed to zero), +native (the CPU&apos;s own low-precision instructions) or +scaler (a loss scaler). Its colour and line pattern are the same in every chart.</source>
        <translation>Lajur %1: perangkat:format, lalu +ftz (subnormal di-flush ke nol), +native (instruksi presisi rendah milik CPU sendiri) atau +scaler (penskala loss). Warna dan pola garisnya sama di setiap grafik.</translation>
    </message>
</context>
<context>
    <name>presisi::LinearPage</name>
    <message>
        <source>Linear lab</source>
        <translation>Lab linear</translation>
    </message>
    <message>
        <source>Layer and input</source>
        <translation>Lapisan dan masukan</translation>
    </message>
    <message>
        <source>nn.Linear(in, out) applied to x = torch.randn(batch, in) after torch.manual_seed(seed)</source>
        <translation>nn.Linear(in, out) diterapkan pada x = torch.randn(batch, in) setelah torch.manual_seed(seed)</translation>
    </message>
    <message>
        <source>in: the layer&apos;s input width, the length of every dot product each output sums over. Longer sums gather more rounding error, most visibly with storage-format accumulation.</source>
        <translation>in: lebar masukan lapisan, yaitu panjang setiap hasil kali titik yang dijumlahkan tiap keluaran. Penjumlahan yang lebih panjang mengumpulkan lebih banyak galat pembulatan, paling terlihat pada akumulasi dalam format penyimpanan.</translation>
    </message>
    <message>
        <source>out: the layer&apos;s output width (its number of neurons). The outputs compared are batch × out.</source>
        <translation>out: lebar keluaran lapisan (banyaknya neuron). Keluaran yang dibandingkan berjumlah batch × out.</translation>
    </message>
    <message>
        <source>batch: rows of x = torch.randn(batch, in). Each row gives out outputs; all of them enter the metrics.</source>
        <translation>batch: baris x = torch.randn(batch, in). Tiap baris menghasilkan out keluaran; semuanya masuk ke dalam metrik.</translation>
    </message>
    <message>
        <source>seed: torch.manual_seed(seed) before the layer and x are drawn, with PyTorch&apos;s own CPU generator, so seed 0 gives the tutorial&apos;s numbers.</source>
        <translation>seed: torch.manual_seed(seed) sebelum lapisan dan x diambil, dengan generator CPU milik PyTorch sendiri, sehingga seed 0 memberi angka-angka tutorial.</translation>
    </message>
    <message>
        <source>in</source>
        <translation>in</translation>
    </message>
    <message>
        <source>out</source>
        <translation>out</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>batch</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>Lajur</translation>
    </message>
    <message>
        <source>f32 (reference)</source>
        <translation>f32 (acuan)</translation>
    </message>
    <message>
        <source>The float32 lane, always on: the other lanes on the same device are compared with its outputs.</source>
        <translation>Lajur float32, selalu aktif: lajur-lajur lain pada perangkat yang sama dibandingkan dengan keluarannya.</translation>
    </message>
    <message>
        <source>bf16 (autocast)</source>
        <translation>bf16 (autocast)</translation>
    </message>
    <message>
        <source>A lane as torch.autocast(dtype=torch.bfloat16) runs the layer: x, weights and bias rounded to bfloat16, the output stored in bfloat16. Same range as float32, 8 bits of precision.</source>
        <translation>Lajur yang menjalankan lapisan seperti torch.autocast(dtype=torch.bfloat16): x, bobot dan bias dibulatkan ke bfloat16, keluarannya disimpan dalam bfloat16. Rentangnya sama dengan float32, presisinya 8 bit.</translation>
    </message>
    <message>
        <source>f16 (autocast)</source>
        <translation>f16 (autocast)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Run the lanes on the CPU (Presisi&apos;s emulation of PyTorch&apos;s CPU autocast).</source>
        <translation>Jalankan lajur-lajur di CPU (emulasi Presisi atas autocast CPU PyTorch).</translation>
    </message>
    <message>
        <source>GPU (CUDA)</source>
        <translation>GPU (CUDA)</translation>
    </message>
    <message>
        <source>Run the lanes on the CUDA GPU too (cuBLAS); each device&apos;s lanes are compared with that device&apos;s f32 lane.</source>
        <translation>Jalankan lajur-lajur juga di GPU CUDA (cuBLAS); lajur tiap perangkat dibandingkan dengan lajur f32 perangkat itu.</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU: %1</translation>
    </message>
    <message>
        <source>accumulate in f32</source>
        <translation>akumulasi dalam f32</translation>
    </message>
    <message>
        <source>accumulate in storage format</source>
        <translation>akumulasi dalam format penyimpanan</translation>
    </message>
    <message>
        <source>How each dot product is summed: in float32, as autocast, cuBLAS and oneDNN do, or rounding every partial sum to the lane&apos;s format. The second shows why every library sums in f32: the error grows with in.</source>
        <translation>Cara tiap hasil kali titik dijumlahkan: dalam float32, seperti autocast, cuBLAS dan oneDNN, atau dengan membulatkan setiap jumlah parsial ke format lajur. Pilihan kedua menunjukkan mengapa setiap pustaka menjumlahkan dalam f32: galatnya tumbuh seiring in.</translation>
    </message>
    <message>
        <source>flush subnormals to zero</source>
        <translation>flush subnormal ke nol</translation>
    </message>
    <message>
        <source>The low lanes set subnormal values to zero, as hardware in flush-to-zero mode does: x, the weights, the bias and the outputs are flushed at every rounding (the +ftz lanes).</source>
        <translation>Lajur presisi rendah menjadikan nilai subnormal nol, seperti perangkat keras dalam mode flush-to-zero: x, bobot, bias dan keluaran di-flush pada setiap pembulatan (lajur +ftz).</translation>
    </message>
    <message>
        <source>native bf16 (%1). %2</source>
        <translation>bf16 native (%1). %2</translation>
    </message>
    <message>
        <source>Cancel computation</source>
        <translation>Batalkan komputasi</translation>
    </message>
    <message>
        <source>Stops the computation; the last finished one stays on screen</source>
        <translation>Menghentikan komputasi; hasil terakhir yang selesai tetap di layar</translation>
    </message>
    <message>
        <source>Lane output against f32 output</source>
        <translation>Keluaran lajur terhadap keluaran f32</translation>
    </message>
    <message>
        <source>f32 output</source>
        <translation>keluaran f32</translation>
    </message>
    <message>
        <source>lane output</source>
        <translation>keluaran lajur</translation>
    </message>
    <message>
        <source>Errors |lane - f32| (share of outputs)</source>
        <translation>Galat |lajur - f32| (porsi keluaran)</translation>
    </message>
    <message>
        <source>log2 |error|  (binade)</source>
        <translation>log2 |galat|  (binade)</translation>
    </message>
    <message>
        <source>% of outputs</source>
        <translation>% keluaran</translation>
    </message>
    <message>
        <source>How many outputs have an error in each binade (power of two) of |lane - f32|; exact outputs are left out. A lane further left is more precise: each step left halves the error.</source>
        <translation>Berapa banyak keluaran yang galatnya jatuh di tiap binade (pangkat dua) dari |lajur - f32|; keluaran yang tepat tidak dihitung. Lajur yang lebih ke kiri lebih presisi: tiap langkah ke kiri membagi dua galatnya.</translation>
    </message>
    <message>
        <source>Mean |lane - f32| per lane</source>
        <translation>Rata-rata |lajur - f32| per lajur</translation>
    </message>
    <message>
        <source>mean |difference|</source>
        <translation>rata-rata |selisih|</translation>
    </message>
    <message>
        <source>The mean absolute difference of each lane&apos;s outputs from its device&apos;s f32 outputs (the tiles&apos; mean |diff|). Shorter is closer to float32; f32 itself is 0.</source>
        <translation>Selisih mutlak rata-rata keluaran tiap lajur dari keluaran f32 perangkatnya (rata-rata |selisih| pada ubin). Makin pendek makin dekat ke float32; f32 sendiri 0.</translation>
    </message>
    <message>
        <source>|Error| against |f32 output|</source>
        <translation>|Galat| terhadap |keluaran f32|</translation>
    </message>
    <message>
        <source>|f32 output|</source>
        <translation>|keluaran f32|</translation>
    </message>
    <message>
        <source>|lane - f32|</source>
        <translation>|lajur - f32|</translation>
    </message>
    <message>
        <source>Each dot: an output&apos;s size across, its error up. Rounding error is relative, so it grows with the size of the value, in steps at each power of two.</source>
        <translation>Tiap titik: besar sebuah keluaran mendatar, galatnya tegak. Galat pembulatan bersifat relatif, jadi tumbuh seiring besar nilainya, berundak di setiap pangkat dua.</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>menghitung…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Linear lab.&lt;/b&gt; &lt;code&gt;torch.manual_seed(%1)&lt;/code&gt;, &lt;code&gt;nn.Linear(%2, %3)&lt;/code&gt;, &lt;code&gt;x = torch.randn(%4, %2)&lt;/code&gt;, with and without autocast on the CPU%5.&lt;br&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;Lab linear.&lt;/b&gt; &lt;code&gt;torch.manual_seed(%1)&lt;/code&gt;, &lt;code&gt;nn.Linear(%2, %3)&lt;/code&gt;, &lt;code&gt;x = torch.randn(%4, %2)&lt;/code&gt;, dengan dan tanpa autocast di CPU%5.&lt;br&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source> &amp;mdash; the tutorial&apos;s example</source>
        <translation> &amp;mdash; contoh dari tutorial</translation>
    </message>
    <message>
        <source>Look at the bf16 tile: output dtype bfloat16, a mean absolute difference of %1 and a correlation of %2 &amp;mdash; the signal survives.</source>
        <translation>Lihat ubin bf16: presisi keluaran bfloat16, selisih rata-rata %1 dan korelasi %2 &amp;mdash; sinyalnya bertahan.</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;br&gt;f16 keeps 3 more mantissa bits, so its error is about %1&amp;times; smaller here, but its range ends at 65504.</source>
        <translation>&lt;br&gt;&lt;br&gt;f16 menyimpan 3 bit mantisa lebih banyak, sehingga galatnya di sini sekitar %1&amp;times; lebih kecil, tetapi rentangnya berakhir di 65504.</translation>
    </message>
    <message>
        <source> Switch the accumulation to the storage format to see why every library sums in f32.</source>
        <translation> Ubah akumulasi ke format penyimpanan untuk melihat mengapa setiap pustaka menjumlahkan dalam f32.</translation>
    </message>
    <message>
        <source>Presisi linear lab: nn.Linear(%1, %2), batch %3, seed %4; lanes %5</source>
        <translation>Lab linear Presisi: nn.Linear(%1, %2), batch %3, seed %4; lajur %5</translation>
    </message>
    <message>
        <source>Cancelled: the tiles and charts show the last finished computation.</source>
        <translation>Dibatalkan: ubin dan grafik menampilkan komputasi terakhir yang selesai.</translation>
    </message>
    <message>
        <source>Linear lab: computation cancelled</source>
        <translation>Lab linear: komputasi dibatalkan</translation>
    </message>
    <message>
        <source>Linear lab: computing…</source>
        <translation>Lab linear: menghitung…</translation>
    </message>
    <message>
        <source>computing… %1 %</source>
        <translation>menghitung… %1 %</translation>
    </message>
    <message>
        <source>Could not compute: %1</source>
        <translation>Tidak dapat menghitung: %1</translation>
    </message>
    <message>
        <source>Linear lab: could not compute</source>
        <translation>Lab linear: tidak dapat menghitung</translation>
    </message>
    <message>
        <source>The dtype of this lane&apos;s output tensor, as y.dtype prints it.</source>
        <translation>Dtype tensor keluaran lajur ini, seperti yang dicetak y.dtype.</translation>
    </message>
    <message>
        <source>This lane is the reference: the other lanes on its device are compared with its outputs, so its own difference is zero by definition.</source>
        <translation>Lajur ini adalah acuan: lajur-lajur lain pada perangkatnya dibandingkan dengan keluarannya, jadi selisihnya sendiri nol menurut definisi.</translation>
    </message>
    <message>
        <source>The reference correlates perfectly with itself: 1.0 by definition.</source>
        <translation>Acuan berkorelasi sempurna dengan dirinya sendiri: 1,0 menurut definisi.</translation>
    </message>
    <message>
        <source>How many of its %L1 outputs are zero, subnormal, inf or NaN in float32.</source>
        <translation>Berapa dari %L1 keluarannya yang nol, subnormal, inf atau NaN dalam float32.</translation>
    </message>
    <message>
        <source>Pearson correlation of the lane&apos;s %L1 outputs with the f32 outputs (1 = the same shape), rounded to 4 digits as Python prints it. It is %2 before rounding: an error of %3% of the outputs&apos; size (rel. L2) lowers it only by about ½·(rel. L2)², so it shows 1.0 — the direction is kept, the error is in the last bits, not the shape.</source>
        <translation>Korelasi Pearson antara %L1 keluaran lajur dan keluaran f32 (1 = bentuk yang sama), dibulatkan ke 4 angka seperti yang dicetak Python. Sebelum dibulatkan nilainya %2: galat sebesar %3% dari besar keluaran (L2 rel.) hanya menurunkannya sekitar ½·(L2 rel.)², sehingga tampil 1,0 — arahnya terjaga, galatnya ada di bit-bit terakhir, bukan pada bentuknya.</translation>
    </message>
    <message>
        <source>Pearson correlation of the lane&apos;s %L1 outputs with the f32 outputs (1 = the same shape), rounded to 4 digits as Python prints it. Below 1.0 the error (here %2% of the outputs&apos; size, rel. L2) changes the shape of the outputs, not only their last bits.</source>
        <translation>Korelasi Pearson antara %L1 keluaran lajur dan keluaran f32 (1 = bentuk yang sama), dibulatkan ke 4 angka seperti yang dicetak Python. Di bawah 1,0 galatnya (di sini %2% dari besar keluaran, L2 rel.) mengubah bentuk keluaran, bukan hanya bit-bit terakhirnya.</translation>
    </message>
    <message>
        <source>The dtype of this lane&apos;s output tensor, as y.dtype prints it: autocast returns the low format.</source>
        <translation>Dtype tensor keluaran lajur ini, seperti yang dicetak y.dtype: autocast mengembalikan format presisi rendah.</translation>
    </message>
    <message>
        <source>The mean of |lane output − f32 output| over all %L1 outputs, in the outputs&apos; own units: the typical error of one output, rounded to 6 decimals as Python prints it. Smaller is closer to float32.</source>
        <translation>Rata-rata |keluaran lajur − keluaran f32| atas semua %L1 keluaran, dalam satuan keluaran itu sendiri: galat khas satu keluaran, dibulatkan ke 6 desimal seperti yang dicetak Python. Makin kecil makin dekat ke float32.</translation>
    </message>
    <message>
        <source>max |diff| is the largest error of a single output; rel. L2 = ‖lane − f32‖ / ‖f32‖, the error relative to the outputs&apos; size. The counts are the lane&apos;s outputs that are zero, subnormal, inf or NaN in its format.</source>
        <translation>maks |selisih| adalah galat terbesar satu keluaran; L2 rel. = ‖lajur − f32‖ / ‖f32‖, galat relatif terhadap besar keluaran. Hitungannya adalah keluaran lajur yang nol, subnormal, inf atau NaN dalam formatnya.</translation>
    </message>
    <message>
        <source>output dtype</source>
        <translation>presisi keluaran</translation>
    </message>
    <message>
        <source>mean |diff|</source>
        <translation>selisih rata-rata</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>acuan</translation>
    </message>
    <message>
        <source>correlation</source>
        <translation>korelasi arah</translation>
    </message>
    <message>
        <source>the lanes on %1 are compared with this one
zero %L2 · subnormal %L3 · inf %L4 · NaN %L5 of %L6</source>
        <translation>lajur-lajur di %1 dibandingkan dengan lajur ini
nol %L2 · subnormal %L3 · inf %L4 · NaN %L5 dari %L6</translation>
    </message>
    <message>
        <source>max |diff| %1 · rel. L2 %2
zero %L3 · subnormal %L4 · inf %L5 · NaN %L6 of %L7</source>
        <translation>maks |selisih| %1 · L2 rel. %2
nol %L3 · subnormal %L4 · inf %L5 · NaN %L6 dari %L7</translation>
    </message>
    <message>
        <source>GPU lanes</source>
        <translation>Lajur GPU</translation>
    </message>
    <message>
        <source>GPU lanes off: %1</source>
        <translation>Lajur GPU nonaktif: %1</translation>
    </message>
    <message>
        <source>lanes</source>
        <translation>lajur</translation>
    </message>
    <message numerus="yes">
        <source>Linear lab: %n lanes computed</source>
        <translation>
            <numerusform>Lab linear: %n lajur selesai dihitung</numerusform>
        </translation>
    </message>
    <message>
        <source>native bf16/f16</source>
        <translation>bf16/f16 native</translation>
    </message>
    <message>
        <source>Adds a CPU lane beside each low-precision lane whose product runs on the CPU&apos;s own bfloat16/float16 instructions (oneDNN), accumulating in float32 like the emulated lane. Here: %1</source>
        <translation>Menambahkan lajur CPU di samping tiap lajur presisi rendah yang perkaliannya berjalan pada instruksi bfloat16/float16 milik CPU sendiri (oneDNN), berakumulasi dalam float32 seperti lajur emulasi. Di sini: %1</translation>
    </message>
    <message>
        <source>A lane as autocast with torch.float16 runs the layer: 11 bits of precision, but magnitudes of 65520 and more round to inf and those of 2^-25 or less to 0.</source>
        <translation>Lajur yang menjalankan lapisan seperti autocast dengan torch.float16: presisi 11 bit, tetapi besaran 65520 ke atas dibulatkan ke inf dan besaran 2^-25 ke bawah ke 0.</translation>
    </message>
    <message>
        <source>Each dot is one output: its f32 value across, the lane&apos;s value up (about 1500 per lane). Dots on the line y = x are exact; the thickness of the cloud is the lane&apos;s error.</source>
        <translation>Tiap titik adalah satu keluaran: nilai f32-nya mendatar, nilai lajurnya tegak (sekitar 1500 per lajur). Titik pada garis y = x tepat; tebal awan titik adalah galat lajur.</translation>
    </message>
</context>
<context>
    <name>presisi::LiveChart</name>
    <message>
        <source>Line patterns: %1. Click a legend entry to hide or show its lane.</source>
        <translation>Pola garis: %1. Klik entri legenda untuk menyembunyikan atau menampilkan lajurnya.</translation>
    </message>
    <message>
        <source>%1  (log2 axis)</source>
        <translation>%1  (log2)</translation>
    </message>
    <message>
        <source>%1  (log axis)</source>
        <translation>%1  (log)</translation>
    </message>
    <message>
        <source>%1 · step %2 · %3</source>
        <translation>%1 · langkah %2 · %3</translation>
    </message>
</context>
<context>
    <name>presisi::RangeChart</name>
    <message>
        <source>Per-layer ranges</source>
        <translation>Rentang per lapisan</translation>
    </message>
    <message>
        <source>Press Play (Space), or step (.)</source>
        <translation>Tekan Putar (Spasi), atau maju selangkah (.)</translation>
    </message>
    <message>
        <source>outputs</source>
        <translation>keluaran</translation>
    </message>
    <message>
        <source>output grads</source>
        <translation>gradien keluaran</translation>
    </message>
    <message>
        <source>weight grads</source>
        <translation>gradien bobot</translation>
    </message>
    <message>
        <source>float32 shadow</source>
        <translation>bayangan float32</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;in %2: %3 … %4&lt;br&gt;float32 shadow: %5 … %6&lt;br&gt;underflowed %7 · subnormal %8 · overflowed %9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;dalam %2: %3 … %4&lt;br&gt;bayangan float32: %5 … %6&lt;br&gt;tenggelam ke nol %7 · subnormal %8 · overflow %9</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>subnormal</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>overflow → inf</source>
        <translation>overflow → inf</translation>
    </message>
    <message>
        <source>|value|, log2 axis (gradients × loss scale) · %1</source>
        <translation>|nilai|, sumbu log2 (gradien × skala loss) · %1</translation>
    </message>
</context>
<context>
    <name>presisi::RangeView</name>
    <message>
        <source>|value| on a log2 axis: pale = subnormal range, solid = normal range</source>
        <translation>|nilai| pada sumbu log2: pucat = rentang subnormal, pekat = rentang normal</translation>
    </message>
</context>
<context>
    <name>presisi::ScalingChart</name>
    <message>
        <source>knee</source>
        <translation>titik lutut</translation>
    </message>
    <message>
        <source>%1  (log2 axis)</source>
        <translation>%1  (log2)</translation>
    </message>
</context>
<context>
    <name>presisi::SeedChart</name>
    <message>
        <source>reference</source>
        <translation>acuan</translation>
    </message>
    <message>
        <source>safe</source>
        <translation>aman</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>audit</translation>
    </message>
    <message>
        <source>Final evaluation loss per seed</source>
        <translation>Loss evaluasi akhir per seed</translation>
    </message>
    <message>
        <source>eval loss (float32)</source>
        <translation>loss eval (float32)</translation>
    </message>
    <message>
        <source>Press Run check</source>
        <translation>Tekan Jalankan uji</translation>
    </message>
    <message>
        <source>%1 mean ± sd (the seed spread)</source>
        <translation>%1 rata-rata ± sd (sebaran seed)</translation>
    </message>
    <message>
        <source>%1 runs inf/NaN</source>
        <translation>%1 run inf/NaN</translation>
    </message>
    <message>
        <source>1 run inf/NaN</source>
        <translation>1 run inf/NaN</translation>
    </message>
</context>
<context>
    <name>presisi::SeedField</name>
    <message>
        <source>Random seed: any integer from 0 to 18446744073709551615 (as torch.manual_seed takes it)</source>
        <translation>Seed acak: bilangan bulat apa pun dari 0 hingga 18446744073709551615 (seperti yang diterima torch.manual_seed)</translation>
    </message>
</context>
<context>
    <name>presisi::SpeedPage</name>
    <message>
        <source>Speed</source>
        <translation>Kecepatan</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU + GPU</source>
        <translation>CPU + GPU</translation>
    </message>
    <message>
        <source>Which device the measurements run on. Memory, sweep and breakdown take the Training lab&apos;s lanes (their formats) on this device.</source>
        <translation>Perangkat tempat pengukuran berjalan. Memori, sapuan dan rincian memakai lajur-lajur Lab pelatihan (format-formatnya) pada perangkat ini.</translation>
    </message>
    <message>
        <source>Which device the measurements run on. No usable CUDA GPU here: CPU only (%1).</source>
        <translation>Perangkat tempat pengukuran berjalan. Tidak ada GPU CUDA yang dapat dipakai di sini: hanya CPU (%1).</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Perangkat:</translation>
    </message>
    <message>
        <source>+ native bf16 lane</source>
        <translation>+ lajur bf16 native</translation>
    </message>
    <message>
        <source>Adds cpu:bf16+native to the Training lab&apos;s lanes for the memory, sweep and breakdown sections: its products run on the CPU&apos;s bf16 instructions (oneDNN), so its step speed is measured beside the emulated bf16 lane&apos;s.</source>
        <translation>Menambahkan cpu:bf16+native ke lajur-lajur Lab pelatihan untuk bagian memori, sapuan dan rincian: perkaliannya berjalan pada instruksi bf16 CPU (oneDNN), sehingga kecepatan langkahnya diukur di samping lajur bf16 emulasi.</translation>
    </message>
    <message>
        <source>The model and batch the memory, sweep and breakdown sections measure: the Training lab&apos;s current setup (change it there).</source>
        <translation>Model dan batch yang diukur bagian memori, sapuan dan rincian: pengaturan Lab pelatihan saat ini (ubah di sana).</translation>
    </message>
    <message>
        <source>up to %1</source>
        <translation>hingga %1</translation>
    </message>
    <message>
        <source>The largest product measured: sizes 256, 512, … up to this (powers of two). Large sizes take seconds each on a CPU core; speed-ups are quoted at the largest.</source>
        <translation>Perkalian terbesar yang diukur: ukuran 256, 512, … hingga nilai ini (pangkat dua). Ukuran besar memakan beberapa detik masing-masing pada satu core CPU; percepatan dikutip pada ukuran terbesar.</translation>
    </message>
    <message>
        <source>square</source>
        <translation>persegi</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>lapisan</translation>
    </message>
    <message>
        <source>square: m = n = k = size. layer: a linear layer&apos;s forward, batch 256 × size inputs → size outputs.</source>
        <translation>persegi: m = n = k = ukuran. lapisan: forward sebuah lapisan linear, batch 256 × ukuran masukan → ukuran keluaran.</translation>
    </message>
    <message>
        <source>1 · Throughput of matrix products</source>
        <translation>1 · Throughput perkalian matriks</translation>
    </message>
    <message>
        <source>The memory budget: the largest batch that fits it is given per lane, and the batch sweep stops there. Default: the machine&apos;s available memory (MemAvailable; on a GPU its free memory).</source>
        <translation>Anggaran memori: batch terbesar yang muat di dalamnya diberikan per lajur, dan sapuan batch berhenti di sana. Bawaan: memori mesin yang tersedia (MemAvailable; pada GPU, memori bebasnya).</translation>
    </message>
    <message>
        <source>budget (GiB)</source>
        <translation>anggaran (GiB)</translation>
    </message>
    <message>
        <source>2 · Memory per lane</source>
        <translation>2 · Memori per lajur</translation>
    </message>
    <message>
        <source>3 · Batch-size sweep</source>
        <translation>3 · Sapuan ukuran batch</translation>
    </message>
    <message>
        <source>Loader cost per batch (ms): the built-in loader waits this long for every batch, like a slow disk or heavy preprocessing. Set 20 ms to see a data-bound step.</source>
        <translation>Biaya loader per batch (ms): loader bawaan menunggu selama ini untuk setiap batch, seperti disk yang lambat atau prapemrosesan yang berat. Pasang 20 ms untuk melihat langkah yang terikat data.</translation>
    </message>
    <message>
        <source>loader cost per batch (ms)</source>
        <translation>biaya loader per batch (ms)</translation>
    </message>
    <message>
        <source>4 · Where a step&apos;s time goes</source>
        <translation>4 · Ke mana waktu satu langkah pergi</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Jalankan</translation>
    </message>
    <message>
        <source>Measure now, on a worker thread: the window stays usable. One measurement runs at a time (two at once would slow each other and both figures would be wrong).</source>
        <translation>Ukur sekarang, di thread pekerja: jendela tetap bisa dipakai. Hanya satu pengukuran berjalan pada satu waktu (dua sekaligus akan saling memperlambat dan kedua angkanya salah).</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <source>Stop this measurement (Esc). What was measured before is kept.</source>
        <translation>Hentikan pengukuran ini (Esc). Hasil yang diukur sebelumnya tetap disimpan.</translation>
    </message>
    <message>
        <source>Measurement progress: products, points or steps done of all.</source>
        <translation>Kemajuan pengukuran: perkalian, titik atau langkah yang sudah selesai dari seluruhnya.</translation>
    </message>
    <message>
        <source>the Training lab&apos;s setup</source>
        <translation>pengaturan Lab pelatihan</translation>
    </message>
    <message>
        <source>Measures &lt;b&gt;%1&lt;/b&gt;: model %2, batch %3, %4, %5 lanes</source>
        <translation>Mengukur &lt;b&gt;%1&lt;/b&gt;: model %2, batch %3, %4, %5 lajur</translation>
    </message>
    <message>
        <source>full (%1)</source>
        <translation>penuh (%1)</translation>
    </message>
    <message>
        <source>The model and batch the memory, sweep and breakdown sections measure: the Training lab&apos;s current setup (change it there). Lanes: %1.</source>
        <translation>Model dan batch yang diukur bagian memori, sapuan dan rincian: pengaturan Lab pelatihan saat ini (ubah di sana). Lajur: %1.</translation>
    </message>
    <message>
        <source>The Training lab&apos;s setup cannot be read: %1</source>
        <translation>Pengaturan Lab pelatihan tidak dapat dibaca: %1</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>throughput</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memori</translation>
    </message>
    <message>
        <source>batch sweep</source>
        <translation>sapuan batch</translation>
    </message>
    <message>
        <source>step breakdown</source>
        <translation>rincian langkah</translation>
    </message>
    <message>
        <source>Speed: measuring %1… (Esc cancels)</source>
        <translation>Kecepatan: mengukur %1… (Esc membatalkan)</translation>
    </message>
    <message>
        <source>&lt;i&gt;measuring…&lt;/i&gt;</source>
        <translation>&lt;i&gt;mengukur…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Shown: the last finished measurement.&lt;/i&gt;&lt;br&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Yang ditampilkan: pengukuran terakhir yang selesai.&lt;/i&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cancelled.&lt;/b&gt; Press Run to measure again.</source>
        <translation>&lt;b&gt;Dibatalkan.&lt;/b&gt; Tekan Jalankan untuk mengukur lagi.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Could not measure:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Tidak dapat mengukur:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>measurement finished</source>
        <translation>pengukuran selesai</translation>
    </message>
    <message>
        <source>&lt;b&gt;The Training lab&apos;s setup cannot be measured:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Pengaturan Lab pelatihan tidak dapat diukur:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>compute-bound: mixed precision helps</source>
        <translation>terikat komputasi: presisi campuran membantu</translation>
    </message>
    <message>
        <source>transfer-bound: it will not — keep data on the device or overlap copies</source>
        <translation>terikat transfer: presisi campuran tidak membantu — simpan data di perangkat atau tumpang-tindihkan salinan</translation>
    </message>
    <message>
        <source>data-bound: it will not — speed up loading (workers, caching, preprocessing once)</source>
        <translation>terikat data: presisi campuran tidak membantu — percepat pemuatan (worker, cache, prapemrosesan sekali saja)</translation>
    </message>
    <message>
        <source>compute-bound: mixed precision helps where the products run natively; this lane is emulated (float32 products), so it gains nothing here: try +native or a GPU</source>
        <translation>terikat komputasi: presisi campuran membantu bila perkaliannya berjalan native; lajur ini emulasi (perkalian float32), jadi di sini tidak memperoleh apa-apa: coba +native atau GPU</translation>
    </message>
    <message>
        <source>Achieved TFLOP/s against product size</source>
        <translation>TFLOP/s yang dicapai terhadap ukuran perkalian</translation>
    </message>
    <message>
        <source>size n (n×n×n)</source>
        <translation>ukuran n (n×n×n)</translation>
    </message>
    <message>
        <source>size</source>
        <translation>ukuran</translation>
    </message>
    <message>
        <source>Achieved TFLOP/s (2·m·n·k / median seconds) of one product per lane and size; higher is faster, hover a point for its value. Native lanes use the CPU&apos;s bf16/f16 instructions; emulated lanes (dotted) round to the format but compute in float32: right numbers, no speed-up.</source>
        <translation>TFLOP/s yang dicapai (2·m·n·k / median detik) satu perkalian per lajur dan ukuran; makin tinggi makin cepat, arahkan kursor ke sebuah titik untuk nilainya. Lajur native memakai instruksi bf16/f16 CPU; lajur emulasi (bertitik) membulatkan ke format tetapi menghitung dalam float32: angkanya benar, tanpa percepatan.</translation>
    </message>
    <message>
        <source>Bytes one lane holds</source>
        <translation>Byte yang dimuat satu lajur</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>bobot</translation>
    </message>
    <message>
        <source>f32 master</source>
        <translation>master f32</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>gradien</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>aktivasi</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>optimizer</translation>
    </message>
    <message>
        <source>Per lane at the Training lab&apos;s batch: weights, f32 master weights (low lanes), gradients, activations kept for backward (they grow with the batch) and optimizer state. Shorter is smaller; hover a part for its size and share.</source>
        <translation>Per lajur pada batch Lab pelatihan: bobot, bobot master f32 (lajur presisi rendah), gradien, aktivasi yang disimpan untuk backward (tumbuh seiring batch) dan state optimizer. Makin pendek makin kecil; arahkan kursor ke satu bagian untuk ukuran dan porsinya.</translation>
    </message>
    <message>
        <source>Training samples/s against batch size</source>
        <translation>Sampel/dtk pelatihan terhadap ukuran batch</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>ukuran batch</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>sampel/dtk</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>batch</translation>
    </message>
    <message>
        <source>Samples per second of a training step (forward, backward, optimizer) per lane, at batch sizes up to the memory limit. The knee (square) is the smallest batch reaching 90% of the lane&apos;s best: beyond it a larger batch buys little.</source>
        <translation>Sampel per detik satu langkah pelatihan (forward, backward, optimizer) per lajur, pada ukuran batch hingga batas memori. Titik lutut (persegi) adalah batch terkecil yang mencapai 90% dari laju terbaik lajur: di atasnya batch yang lebih besar hanya memberi sedikit.</translation>
    </message>
    <message>
        <source>One training step, split</source>
        <translation>Satu langkah pelatihan, dirinci</translation>
    </message>
    <message>
        <source>time per step</source>
        <translation>waktu per langkah</translation>
    </message>
    <message>
        <source>data</source>
        <translation>data</translation>
    </message>
    <message>
        <source>transfer</source>
        <translation>transfer</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>forward</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>backward</translation>
    </message>
    <message>
        <source>Per lane, the median time of one step&apos;s parts: data (assembling the batch plus the loader&apos;s cost), transfer (host to device; none on the CPU), then forward, backward and optimizer, the compute. Data-bound when data outweighs the compute (and transfer), transfer-bound when transfer does; otherwise compute-bound, the only case mixed precision speeds up.</source>
        <translation>Per lajur, median waktu tiap bagian satu langkah: data (menyusun batch ditambah biaya loader), transfer (host ke perangkat; tidak ada di CPU), lalu forward, backward dan optimizer, yaitu komputasinya. Terikat data bila data melebihi komputasi (dan transfer), terikat transfer bila transfer yang melebihi; selain itu terikat komputasi, satu-satunya kasus yang dipercepat presisi campuran.</translation>
    </message>
    <message>
        <source>press Run to measure</source>
        <translation>tekan Jalankan untuk mengukur</translation>
    </message>
    <message>
        <source>Speed-up: a lane&apos;s TFLOP/s over f32&apos;s on the same device at the largest size (above 1× is faster). Peak share: the best CPU f32 product as a share of one core&apos;s estimated peak, an estimate from the clock and vector width named in brackets.</source>
        <translation>Percepatan: TFLOP/s sebuah lajur dibagi TFLOP/s f32 pada perangkat yang sama di ukuran terbesar (di atas 1× berarti lebih cepat). Porsi puncak: perkalian f32 CPU terbaik sebagai porsi dari perkiraan puncak satu core, perkiraan dari clock dan lebar vektor yang disebut di dalam kurung.</translation>
    </message>
    <message>
        <source>Largest batch: the biggest batch whose weights, master weights, gradients, activations and optimizer state fit the budget, per lane. Low lanes keep f32 master weights and gradients too, so they save only on activations.</source>
        <translation>Batch terbesar: batch paling besar yang bobot, bobot master, gradien, aktivasi dan state optimizernya muat dalam anggaran, per lajur. Lajur presisi rendah juga menyimpan bobot master dan gradien f32, jadi penghematannya hanya pada aktivasi.</translation>
    </message>
    <message>
        <source>The knee: the smallest batch reaching 90% of the lane&apos;s best samples/s; the gain is the best rate beyond the knee over the rate at it. Still rising: the best rate was at the last batch measured.</source>
        <translation>Titik lutut: batch terkecil yang mencapai 90% dari sampel/dtk terbaik lajur; perolehannya adalah laju terbaik di atas titik lutut dibagi laju di titik itu. Masih naik: laju terbaik ada di batch terakhir yang diukur.</translation>
    </message>
    <message>
        <source>Each lane&apos;s verdict: data-bound when loading outweighs the compute (forward + backward + optimizer), transfer-bound when copies do, otherwise compute-bound. Only a compute-bound step gets faster with mixed precision, and on the CPU only with native products.</source>
        <translation>Putusan tiap lajur: terikat data bila pemuatan melebihi komputasi (forward + backward + optimizer), terikat transfer bila salinan yang melebihi, selain itu terikat komputasi. Hanya langkah yang terikat komputasi yang menjadi lebih cepat dengan presisi campuran, dan di CPU hanya dengan perkalian native.</translation>
    </message>
    <message>
        <source>size n (layer: %1×n×n)</source>
        <translation>ukuran n (lapisan: %1×n×n)</translation>
    </message>
    <message>
        <source>Speed-up over f32 at size %1: %2</source>
        <translation>Percepatan terhadap f32 pada ukuran %1: %2</translation>
    </message>
    <message>
        <source>CPU f32 reaches %1 of one core&apos;s &lt;i&gt;estimated&lt;/i&gt; peak %2 TFLOP/s (%3)%4.</source>
        <translation>f32 CPU mencapai %1 dari puncak satu core yang &lt;i&gt;diperkirakan&lt;/i&gt; %2 TFLOP/s (%3)%4.</translation>
    </message>
    <message>
        <source>GPU: %1 (its peak is not known to Presisi: no fraction given).</source>
        <translation>GPU: %1 (puncaknya tidak diketahui Presisi: porsinya tidak diberikan).</translation>
    </message>
    <message>
        <source>none (batch 1 does not fit)</source>
        <translation>tidak ada (batch 1 pun tidak muat)</translation>
    </message>
    <message>
        <source>At batch %1. Largest batch within the budget %2: %3.&lt;br&gt;Low lanes hold f32 master weights and gradients beside their own: they save on activations, which grow with the batch.</source>
        <translation>Pada batch %1. Batch terbesar dalam anggaran %2: %3.&lt;br&gt;Lajur presisi rendah menyimpan bobot master dan gradien f32 di samping miliknya sendiri: penghematannya pada aktivasi, yang tumbuh seiring batch.</translation>
    </message>
    <message>
        <source>%1: no point measured (batch 1 does not fit the budget)</source>
        <translation>%1: tidak ada titik yang diukur (batch 1 pun tidak muat dalam anggaran)</translation>
    </message>
    <message>
        <source>at batch %1 for %2</source>
        <translation>pada batch %1 untuk %2</translation>
    </message>
    <message>
        <source>%1 (batch %2)</source>
        <translation>%1 (batch %2)</translation>
    </message>
    <message>
        <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gain &amp;lt; 10% (at most: %3)</source>
        <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh &amp;lt; 10% (paling banyak: %3)</translation>
    </message>
    <message>
        <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gains &amp;lt; 10% (at most: %3)</source>
        <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh &amp;lt; 10% (paling banyak: %3)</translation>
    </message>
    <message>
        <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gain little (at most: %3)</source>
        <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh sedikit (paling banyak: %3)</translation>
    </message>
    <message>
        <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gains little (at most: %3)</source>
        <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh sedikit (paling banyak: %3)</translation>
    </message>
    <message>
        <source>still rising at the last batch measured: %1</source>
        <translation>masih naik pada batch terakhir yang diukur: %1</translation>
    </message>
    <message>
        <source>memory limit %1</source>
        <translation>batas memori %1</translation>
    </message>
    <message>
        <source>knee %1: %2</source>
        <translation>titik lutut %1: %2</translation>
    </message>
    <message>
        <source>all lanes</source>
        <translation>semua lajur</translation>
    </message>
    <message>
        <source>Loader cost %1 ms per batch. Compute-bound: the products dominate, mixed precision helps. Transfer-bound: copies dominate. Data-bound: the loader dominates — only faster loading helps.</source>
        <translation>Biaya loader %1 ms per batch. Terikat komputasi: perkalian mendominasi, presisi campuran membantu. Terikat transfer: salinan mendominasi. Terikat data: loader mendominasi — hanya pemuatan yang lebih cepat yang membantu.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Speed.&lt;/b&gt; What mixed precision buys on this machine. Each section measures on its own: press its &lt;b&gt;Run&lt;/b&gt;; Esc cancels.&lt;br&gt;&lt;br&gt;&lt;b&gt;1 Throughput&lt;/b&gt;: TFLOP/s of matrix products per format. A &lt;i&gt;native&lt;/i&gt; lane uses the CPU&apos;s bf16/f16 instructions (AVX512_BF16, AMX) or the GPU&apos;s tensor cores; an &lt;i&gt;emulated&lt;/i&gt; lane rounds to the format but multiplies in float32 — right numbers, no speed-up.&lt;br&gt;&lt;b&gt;2 Memory&lt;/b&gt;: what one lane holds at the Training lab&apos;s batch, and the largest batch that fits the budget. Activations grow with the batch; low formats halve them.&lt;br&gt;&lt;b&gt;3 Batch sweep&lt;/b&gt;: samples/s against batch size up to the memory limit. The knee is where a larger batch stops paying.&lt;br&gt;&lt;b&gt;4 Where a step&apos;s time goes&lt;/b&gt;: the larger side names the bottleneck. &lt;i&gt;Compute-bound&lt;/i&gt; (forward, backward, optimizer): mixed precision helps. &lt;i&gt;Transfer-bound&lt;/i&gt; (host→device copies): it will not — keep data on the device or overlap copies. &lt;i&gt;Data-bound&lt;/i&gt; (loading): it will not — speed up loading. Set the loader cost to 20 ms to see the data-bound case.&lt;br&gt;&lt;br&gt;Pause the Training lab&apos;s run while measuring: both share the CPU, and a measurement taken beside a run reads low.</source>
        <translation>&lt;b&gt;Kecepatan.&lt;/b&gt; Apa yang diberikan presisi campuran di mesin ini. Tiap bagian mengukur sendiri-sendiri: tekan &lt;b&gt;Jalankan&lt;/b&gt; miliknya; Esc membatalkan.&lt;br&gt;&lt;br&gt;&lt;b&gt;1 Throughput&lt;/b&gt;: TFLOP/s perkalian matriks per format. Lajur &lt;i&gt;native&lt;/i&gt; memakai instruksi bf16/f16 CPU (AVX512_BF16, AMX) atau tensor core GPU; lajur &lt;i&gt;emulasi&lt;/i&gt; membulatkan ke format tetapi mengalikan dalam float32 — angkanya benar, tanpa percepatan.&lt;br&gt;&lt;b&gt;2 Memori&lt;/b&gt;: apa yang dimuat satu lajur pada batch Lab pelatihan, dan batch terbesar yang muat dalam anggaran. Aktivasi tumbuh seiring batch; format presisi rendah memangkasnya separuh.&lt;br&gt;&lt;b&gt;3 Sapuan batch&lt;/b&gt;: sampel/dtk terhadap ukuran batch hingga batas memori. Titik lutut adalah tempat batch yang lebih besar berhenti memberi hasil.&lt;br&gt;&lt;b&gt;4 Ke mana waktu satu langkah pergi&lt;/b&gt;: sisi yang lebih besar menentukan hambatannya. &lt;i&gt;Terikat komputasi&lt;/i&gt; (forward, backward, optimizer): presisi campuran membantu. &lt;i&gt;Terikat transfer&lt;/i&gt; (salinan host→perangkat): tidak membantu — simpan data di perangkat atau tumpang-tindihkan salinan. &lt;i&gt;Terikat data&lt;/i&gt; (pemuatan): tidak membantu — percepat pemuatan. Pasang biaya loader 20 ms untuk melihat kasus terikat data.&lt;br&gt;&lt;br&gt;Jeda run Lab pelatihan selama mengukur: keduanya berbagi CPU, dan pengukuran yang diambil di samping sebuah run terbaca terlalu rendah.</translation>
    </message>
    <message>
        <source>Presisi speed · %1</source>
        <translation>Kecepatan Presisi · %1</translation>
    </message>
</context>
<context>
    <name>presisi::StackedBarChart</name>
    <message>
        <source>%1 · %2 %3 (%4% of %5)</source>
        <translation>%1 · %2 %3 (%4% dari %5)</translation>
    </message>
</context>
</TS>
