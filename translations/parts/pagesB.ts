<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
<context>
    <name>GuidedTour</name>
    <message>
        <source>Two precisions, two roles</source>
        <translation>Dua presisi, dua peran</translation>
    </message>
    <message>
        <source>float32 is the safe standard: its range keeps accumulated gradients intact, but its operations cost the most. bfloat16 and float16 make the large matrix products fast and halve the memory of activations. Mixed precision splits the roles, as this autocast policy shows: linear (the matrix products) runs in the lane&apos;s low format, the loss in float32.</source>
        <translation>float32 adalah standar yang aman: rentangnya menjaga gradien yang diakumulasi tetap utuh, tetapi operasinya paling mahal. bfloat16 dan float16 mempercepat perkalian matriks besar dan memangkas separuh memori aktivasi. Mixed precision membagi perannya, seperti yang ditunjukkan kebijakan autocast ini: linear (perkalian matriks) berjalan pada format rendah lajur, loss pada float32.</translation>
    </message>
    <message>
        <source>bfloat16 or float16: range and the loss scaler</source>
        <translation>bfloat16 atau float16: rentang dan penskala loss</translation>
    </message>
    <message>
        <source>bfloat16 has float32&apos;s exponent range and needs no special care; float16&apos;s range is narrow (smallest subnormal 2^-24, about 6e-8; largest %1). Here small gradients sink to zero in cpu:f16, whose underflow climbs to 100% while cpu:bf16&apos;s stays near zero. The loss scaler multiplies the loss by %2 before the backward pass, and cpu:f16+scaler&apos;s gradients fit again.</source>
        <translation>bfloat16 memiliki rentang eksponen float32 sehingga tidak perlu penanganan khusus; rentang float16 sempit (subnormal terkecil 2^-24, sekitar 6e-8; terbesar %1). Di sini gradien kecil tenggelam ke nol pada cpu:f16, yang underflow-nya naik sampai 100% sementara milik cpu:bf16 tetap mendekati nol. Penskala loss mengalikan loss dengan %2 sebelum backward pass, dan gradien cpu:f16+scaler kembali muat.</translation>
    </message>
    <message>
        <source>autocast on the CPU: the tutorial&apos;s example</source>
        <translation>autocast pada CPU: contoh dari tutorial</translation>
    </message>
    <message>
        <source>nn.Linear(256, 256) on a batch of 64 inputs, seed 0, computed in float32 and under autocast with bfloat16, as in the tutorial. The output is bfloat16, its mean |diff| from float32 is %1 and the direction correlation %2: the signal is intact at the precision training uses. On a GPU the calls are the same, with the device changed.</source>
        <translation>nn.Linear(256, 256) pada batch berisi 64 masukan, benih 0, dihitung dalam float32 dan di bawah autocast dengan bfloat16, seperti pada tutorial. Keluarannya bfloat16, selisih rata-rata terhadap float32 sebesar %1 dan korelasi arahnya %2: sinyalnya tetap utuh pada presisi yang dipakai pelatihan. Pada GPU pemanggilannya sama, hanya perangkatnya yang diganti.</translation>
    </message>
    <message>
        <source>The training loop</source>
        <translation>Siklus pelatihan</translation>
    </message>
    <message>
        <source>Each lane runs the forward pass and the loss inside autocast, the backward pass outside it; master weights and the optimizer stay in float32, and the final evaluation runs in float32 without gradients. With float16 the loss scaler wraps backward and step: a step whose scaled gradients overflow is skipped (marked on this chart) and the scale halved, and after %1 clean steps it doubles. bfloat16 needs no scaler.</source>
        <translation>Setiap lajur menjalankan forward pass dan loss di dalam autocast, sedangkan backward pass di luarnya; bobot master dan optimizer tetap pada float32, dan evaluasi akhir berjalan dalam float32 tanpa gradien. Dengan float16, penskala loss membungkus backward dan step: langkah yang gradien terskalanya overflow dilewati (ditandai pada grafik ini) dan skalanya dibagi dua, lalu setelah %1 langkah bersih skalanya digandakan. bfloat16 tidak memerlukan penskala.</translation>
    </message>
    <message>
        <source>Accumulate in float32</source>
        <translation>Akumulasi dalam float32</translation>
    </message>
    <message>
        <source>The risk lies in accumulating operations. %1 values below 1 are summed one by one: float32 reaches about %2, bfloat16 stalls near 256 (its values there lie 2 apart, so adding less than 1 rounds back) and float16 near %3. Loss sums over large batches, long gradient accumulation and batch-norm statistics therefore stay in float32; autocast does most of this by default.</source>
        <translation>Risikonya ada pada operasi yang akumulatif. %1 nilai di bawah 1 dijumlahkan satu per satu: float32 mencapai sekitar %2, bfloat16 macet di dekat 256 (di sana nilai-nilainya berjarak 2, sehingga penambahan yang kurang dari 1 dibulatkan kembali) dan float16 di dekat %3. Karena itu penjumlahan loss pada batch besar, akumulasi gradien yang panjang, dan statistik batch normalization tetap pada float32; autocast sudah menangani sebagian besar secara bawaan.</translation>
    </message>
    <message>
        <source>Sensitive operations forced into the low format</source>
        <translation>Operasi sensitif dipaksa ke format rendah</translation>
    </message>
    <message>
        <source>This run overrides autocast: log_softmax, the loss and its batch mean run in the lane&apos;s format. The %1 per-sample losses, each near %2, summed in bfloat16 stall at 512, so cpu:bf16 reports %3 instead of %2 from the first step. That is why autocast keeps losses (and on CUDA softmax and sums) in float32.</source>
        <translation>Run ini mengesampingkan autocast: log_softmax, loss, dan rata-rata batch-nya berjalan dalam format lajur. %1 loss per sampel, masing-masing sekitar %2, dijumlahkan dalam bfloat16 dan macet di 512, sehingga cpu:bf16 melaporkan %3, bukan %2, sejak langkah pertama. Itulah sebabnya autocast menjaga loss (dan pada CUDA juga softmax dan penjumlahan) tetap pada float32.</translation>
    </message>
    <message>
        <source>The symptom: NaN in the first steps</source>
        <translation>Gejalanya: NaN pada langkah-langkah awal</translation>
    </message>
    <message>
        <source>Watch for a loss that turns NaN in the first steps. Here float16&apos;s gradients exceed %1 in the first backward pass, the update writes NaN into the weights, and the NaN doctor names the layer and pass where the first inf appeared. The first remedies: a lower learning rate, or bfloat16, whose range is safer (cpu:bf16 trains on).</source>
        <translation>Waspadai loss yang menjadi NaN pada langkah-langkah awal. Di sini gradien float16 melampaui %1 pada backward pass pertama, pembaruan menuliskan NaN ke bobot, dan dokter NaN menyebut layer dan pass tempat inf pertama muncul. Penanganan pertama: menurunkan learning rate, atau beralih ke bfloat16 yang rentangnya lebih aman (cpu:bf16 terus berlatih).</translation>
    </message>
    <message>
        <source>An honest comparison across seeds</source>
        <translation>Perbandingan yang jujur antar benih</translation>
    </message>
    <message>
        <source>One run proves little: the Convergence check (Ctrl+5) trains every lane from several model seeds on the same data and evaluates each in float32. A lane whose mean shift from float32 lies within float32&apos;s seed-to-seed spread is safe; a larger shift calls for an audit of the sensitive operations. On the underflow setup: cpu:bf16 and cpu:f16+scaler safe, cpu:f16 audit.</source>
        <translation>Satu run belum membuktikan banyak: Uji konvergensi (Ctrl+5) melatih setiap lajur dari beberapa benih model pada data yang sama dan mengevaluasi masing-masing dalam float32. Lajur yang pergeseran rata-ratanya terhadap float32 masih dalam kisaran variansi antar benih float32 dinyatakan aman; pergeseran yang lebih besar menuntut audit operasi yang sensitif. Pada setelan underflow: cpu:bf16 dan cpu:f16+scaler aman, cpu:f16 perlu audit.</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>Accumulating in bfloat16 stalls near 256</source>
        <translation>Akumulasi dalam bfloat16 macet di dekat 256</translation>
    </message>
    <message>
        <source>10,000 values of torch.rand summed one by one, the running sum held in each lane&apos;s format. In float32 the sum reaches about 5,000. In bfloat16 (8 significant bits) the sum stops growing near 256: there the spacing of bfloat16 values is 2, so adding a value below 1 rounds back to the same number. float16 (11 bits) stalls near 2048 for the same reason. This is why products are accumulated in float32 and why large reductions (loss sums over big batches, batch-norm statistics) stay in float32.</source>
        <translation>10.000 nilai torch.rand dijumlahkan satu per satu, dengan jumlah berjalan disimpan dalam format setiap lajur. Dalam float32 jumlahnya mencapai sekitar 5.000. Dalam bfloat16 (8 bit signifikan) jumlahnya berhenti bertambah di dekat 256: di sana jarak antarnilai bfloat16 adalah 2, sehingga menambahkan nilai di bawah 1 dibulatkan kembali ke bilangan yang sama. float16 (11 bit) macet di dekat 2048 karena alasan yang sama. Inilah sebabnya perkalian diakumulasi dalam float32 dan reduksi besar (penjumlahan loss pada batch besar, statistik batch normalization) tetap pada float32.</translation>
    </message>
    <message>
        <source>float16 overflows to inf and the loss turns NaN; bfloat16 survives</source>
        <translation>float16 overflow ke inf dan loss menjadi NaN; bfloat16 bertahan</translation>
    </message>
    <message>
        <source>Inputs of a few hundred and targets in the thousands: the gradients exceed float16&apos;s largest value 65504 and become inf in the first backward pass; the update writes NaN into the weights and the next loss is NaN (a silent failure that some users meet after an hour of training). bfloat16 keeps float32&apos;s range and trains. With the loss scaler the inf is caught: the step is skipped (weights untouched) and the scale is halved. These gradients exceed 65504 even unscaled, so the first 17 steps are skipped and the scale falls from 2^16 to 0.5 (GradScaler has no lower bound) before the scaled gradients fit and training proceeds. Look at the scale chart&apos;s skipped-step markers.</source>
        <translation>Masukan bernilai beberapa ratus dan target dalam ribuan: gradiennya melampaui nilai terbesar float16, 65504, dan menjadi inf pada backward pass pertama; pembaruan menuliskan NaN ke bobot dan loss berikutnya NaN (kegagalan diam-diam yang dialami sebagian pengguna setelah satu jam pelatihan). bfloat16 memiliki rentang float32 dan tetap berlatih. Dengan penskala loss, inf itu tertangkap: langkahnya dilewati (bobot tidak diubah) dan skalanya dibagi dua. Gradien ini melampaui 65504 bahkan tanpa penskalaan, sehingga 17 langkah pertama dilewati dan skala turun dari 2^16 ke 0,5 (GradScaler tidak punya batas bawah) sebelum gradien terskala muat dan pelatihan berlanjut. Perhatikan penanda langkah yang dilewati pada grafik skala.</translation>
    </message>
    <message>
        <source>The loss scaler grows and backs off</source>
        <translation>Penskala loss tumbuh dan mundur</translation>
    </message>
    <message>
        <source>GradScaler doubles its scale after growth_interval clean steps (2000 by default; 50 here) and halves it whenever a scaled gradient overflows float16, skipping that step. The spiral&apos;s inputs are multiplied by 30, so the first gradients are large: starting from 2^16 the first steps overflow and the scale backs off to 2^14. Then it climbs in steps of 2 until it overflows again and backs off: a sawtooth between 2^14 and 2^17 that keeps the gradients as high in float16&apos;s range as they fit (between two back-offs the largest scaled weight gradient comes within a factor of 2 of 65504). Watch the scale chart and the skipped-step markers; the loss follows the float32 lane (final evaluation accuracy within 2 points).</source>
        <translation>GradScaler menggandakan skalanya setelah growth_interval langkah bersih (bawaannya 2000; di sini 50) dan membaginya dua setiap kali gradien terskala overflow pada float16, sambil melewati langkah itu. Masukan spiral dikalikan 30, sehingga gradien awalnya besar: mulai dari 2^16, langkah-langkah pertama overflow dan skala mundur ke 2^14. Lalu skala naik dengan kelipatan 2 sampai overflow lagi dan mundur: gigi gergaji antara 2^14 dan 2^17 yang menjaga gradien setinggi mungkin dalam rentang float16 (di antara dua kemunduran, gradien bobot terskala terbesar mencapai faktor 2 dari 65504). Perhatikan grafik skala dan penanda langkah yang dilewati; loss-nya mengikuti lajur float32 (akurasi evaluasi akhir selisih paling banyak 2 poin).</translation>
    </message>
    <message>
        <source>softmax and the loss forced into the low format</source>
        <translation>softmax dan loss dipaksa ke format rendah</translation>
    </message>
    <message>
        <source>Autocast keeps losses (and on CUDA softmax) in float32 for a reason. Here the policy is overridden: log_softmax, the loss and its batch mean run in the lane&apos;s format. At the start the 2048 per-sample losses all lie between 1 and 2, near ln 5 = 1.6. Summed in bfloat16 the sum climbs to 512 and stalls: there the spacing is 4, so adding 1.6 rounds back. The bf16 lane reports 512 / 2048 = 0.25 instead of 1.6 and stays far below the truth all run. float16 (11 bits) spaces its values 1 apart up to 2048 and 2 apart above, where every 1.6 rounds up to 2: the f16 lane starts about 15% high, less damage. With a loss scaler in float16 the loss gradient itself, 65536 in float16, is already inf: the first step is skipped and the scale backs off to 32768. Compare with the default policy: presisi train --preset sensitive-ops --op softmax=as-input,loss=f32,reduction=as-input</source>
        <translation>Autocast menjaga loss (dan pada CUDA softmax) tetap pada float32 dengan alasan. Di sini kebijakannya dikesampingkan: log_softmax, loss, dan rata-rata batch-nya berjalan dalam format lajur. Di awal, 2048 loss per sampel semuanya terletak antara 1 dan 2, dekat ln 5 = 1,6. Dijumlahkan dalam bfloat16, jumlahnya naik sampai 512 lalu macet: di sana jaraknya 4, sehingga menambahkan 1,6 dibulatkan kembali. Lajur bf16 melaporkan 512 / 2048 = 0,25, bukan 1,6, dan tetap jauh di bawah nilai sebenarnya sepanjang run. float16 (11 bit) memberi jarak 1 antarnilai sampai 2048 dan 2 di atasnya, tempat setiap 1,6 dibulatkan ke atas menjadi 2: lajur f16 mulai sekitar 15% terlalu tinggi, kerusakannya lebih kecil. Dengan penskala loss dalam float16, gradien loss itu sendiri, 65536 dalam float16, sudah inf: langkah pertama dilewati dan skala mundur ke 32768. Bandingkan dengan kebijakan bawaan: presisi train --preset sensitive-ops --op softmax=as-input,loss=f32,reduction=as-input</translation>
    </message>
    <message>
        <source>float16 gradients sink to zero without a loss scaler</source>
        <translation>Gradien float16 tenggelam ke nol tanpa penskala loss</translation>
    </message>
    <message>
        <source>A regression with 256 small outputs (about 0.006 root mean square) averaged over a batch of 256: the loss gradient at each output is 2 (y - t) / 65536. Once the fit is within about 1e-3, that is below half of float16&apos;s smallest subnormal (2^-24, 6e-8) and rounds to zero, and every gradient behind it is then an exact zero. Watch the weight-gradient underflow of cpu:f16 jump and its loss flatten while cpu:f32 goes on to the noise floor. The loss scaler multiplies the loss by 65536 before the backward pass and the gradients fit again: cpu:f16+scaler trains like f32. bfloat16 has float32&apos;s exponent range and needs no scaler.</source>
        <translation>Regresi dengan 256 keluaran kecil (root mean square sekitar 0,006) dirata-ratakan atas batch berisi 256: gradien loss di setiap keluaran adalah 2 (y - t) / 65536. Begitu kecocokannya mencapai sekitar 1e-3, nilai itu di bawah separuh subnormal terkecil float16 (2^-24, 6e-8) dan dibulatkan ke nol, dan setiap gradien di belakangnya lalu menjadi nol persis. Perhatikan underflow gradien bobot cpu:f16 melonjak dan loss-nya mendatar, sementara cpu:f32 terus turun sampai batas derau. Penskala loss mengalikan loss dengan 65536 sebelum backward pass sehingga gradiennya muat kembali: cpu:f16+scaler berlatih seperti f32. bfloat16 memiliki rentang eksponen float32 dan tidak memerlukan penskala.</translation>
    </message>
</context>
<context>
    <name>presisi::DoctorPanel</name>
    <message>
        <source>outputs</source>
        <translation>keluaran</translation>
    </message>
    <message>
        <source>output grads</source>
        <translation>grad keluaran</translation>
    </message>
    <message>
        <source>weight grads</source>
        <translation>grad bobot</translation>
    </message>
    <message>
        <source>the faulted lane is not in the scenario</source>
        <translation>lajur yang bermasalah tidak ada dalam skenario</translation>
    </message>
    <message>
        <source>original inf/NaN from step %1</source>
        <translation>aslinya inf/NaN sejak langkah %1</translation>
    </message>
    <message>
        <source>original finite in this rerun</source>
        <translation>aslinya tetap hingga pada run ulang ini</translation>
    </message>
    <message>
        <source>helped: loss finite and falling, %1 → %2 over %3 steps; %4</source>
        <translation>menolong: loss hingga dan menurun, %1 → %2 dalam %3 langkah; %4</translation>
    </message>
    <message>
        <source>did not help: the loss still turns inf/NaN; %1</source>
        <translation>tidak menolong: loss masih menjadi inf/NaN; %1</translation>
    </message>
    <message>
        <source>did not help: loss finite but not falling, %1 → %2 over %3 steps; %4</source>
        <translation>tidak menolong: loss hingga tetapi tidak menurun, %1 → %2 dalam %3 langkah; %4</translation>
    </message>
    <message>
        <source>Show the NaN doctor</source>
        <translation>Tampilkan dokter NaN</translation>
    </message>
    <message>
        <source>Opens the panel again: the finding, its lead-up and the remedies.</source>
        <translation>Membuka panel lagi: temuan, langkah-langkah menjelang, dan penanganannya.</translation>
    </message>
    <message>
        <source>The NaN doctor&apos;s finding: the first inf or NaN of this lane, where it appeared.</source>
        <translation>Temuan dokter NaN: inf atau NaN pertama lajur ini, dan tempat munculnya.</translation>
    </message>
    <message>
        <source>&lt;b&gt;NaN doctor&lt;/b&gt;</source>
        <translation>&lt;b&gt;Dokter NaN&lt;/b&gt;</translation>
    </message>
    <message>
        <source>When a lane&apos;s values first turn inf or NaN, the doctor says where, shows the steps before, and reruns the lane with each remedy.</source>
        <translation>Saat nilai sebuah lajur pertama kali menjadi inf atau NaN, dokter menyebut tempatnya, menampilkan langkah-langkah sebelumnya, dan menjalankan ulang lajur itu dengan setiap penanganan.</translation>
    </message>
    <message>
        <source>Lanes whose values turned inf or NaN; pick one to see its finding.</source>
        <translation>Lajur yang nilainya menjadi inf atau NaN; pilih salah satu untuk melihat temuannya.</translation>
    </message>
    <message>
        <source>Hide the panel (a line above the tiles keeps the finding; the panel comes back with the next inf/NaN).</source>
        <translation>Sembunyikan panel (satu baris di atas ubin menyimpan temuannya; panel muncul lagi pada inf/NaN berikutnya).</translation>
    </message>
    <message>
        <source>Where the first inf or NaN appeared: found by re-running that step with a finiteness check after every operation (layers 1-based, steps as on the charts&apos; x axis).</source>
        <translation>Tempat inf atau NaN pertama muncul: ditemukan dengan menjalankan ulang langkah itu dan memeriksa keterhinggaan setelah setiap operasi (layer mulai dari 1, langkah seperti pada sumbu x grafik).</translation>
    </message>
    <message>
        <source>The loss scaler&apos;s warnings: a scale that keeps backing off means the gradients overflow float16 even unscaled (bfloat16 would fit them).</source>
        <translation>Peringatan penskala loss: skala yang terus mundur berarti gradiennya overflow pada float16 bahkan tanpa penskalaan (bfloat16 akan memuatnya).</translation>
    </message>
    <message>
        <source>Lead-up: smallest non-zero … largest |value| per layer</source>
        <translation>Menjelang: |nilai| bukan nol terkecil … terbesar per layer</translation>
    </message>
    <message>
        <source>The last steps before the fault, oldest first; red: some values overflowed or lie above a quarter of the format&apos;s largest value; grey: some underflowed to zero.</source>
        <translation>Langkah-langkah terakhir sebelum kegagalan, yang terlama lebih dulu; merah: sebagian nilai overflow atau melebihi seperempat nilai terbesar format; abu-abu: sebagian tenggelam ke nol.</translation>
    </message>
    <message>
        <source>Remedies, in the tutorial&apos;s order:</source>
        <translation>Penanganan, sesuai urutan tutorial:</translation>
    </message>
    <message>
        <source>Each reruns this lane alone with one change, beside the original lane, on the same batches.</source>
        <translation>Masing-masing menjalankan ulang lajur ini sendirian dengan satu perubahan, di samping lajur aslinya, pada batch yang sama.</translation>
    </message>
    <message>
        <source>1 · Lower the learning rate</source>
        <translation>1 · Turunkan learning rate</translation>
    </message>
    <message>
        <source>2 · Switch to bf16</source>
        <translation>2 · Beralih ke bf16</translation>
    </message>
    <message>
        <source>3 · Keep the op in f32</source>
        <translation>3 · Jaga operasinya pada f32</translation>
    </message>
    <message>
        <source>4 · Enable the loss scaler</source>
        <translation>4 · Aktifkan penskala loss</translation>
    </message>
    <message>
        <source>no rerun yet</source>
        <translation>belum diulang</translation>
    </message>
    <message>
        <source>The remedy rerun&apos;s progress, in steps.</source>
        <translation>Kemajuan run ulang penanganan, dalam langkah.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <source>Stops the rerun (the window keeps running).</source>
        <translation>Menghentikan run ulang (jendela tetap berjalan).</translation>
    </message>
    <message>
        <source>Helped: the remedied lane&apos;s loss stays finite and its mean over the last tenth of the steps is below that over the first tenth.</source>
        <translation>Menolong: loss lajur yang ditangani tetap hingga dan rata-ratanya pada sepersepuluh langkah terakhir lebih rendah daripada pada sepersepuluh pertama.</translation>
    </message>
    <message>
        <source>Original vs remedy</source>
        <translation>Asli vs penanganan</translation>
    </message>
    <message>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>Click a remedy</source>
        <translation>Klik sebuah penanganan</translation>
    </message>
    <message>
        <source>The faulted lane rerun alone (its loss line stops where it turns inf/NaN) and the same lane with the remedy, on the same batches.</source>
        <translation>Lajur bermasalah dijalankan ulang sendirian (garis loss-nya berhenti di tempat menjadi inf/NaN) dan lajur yang sama dengan penanganannya, pada batch yang sama.</translation>
    </message>
    <message>
        <source>%1, step %2: %3</source>
        <translation>%1, langkah %2: %3</translation>
    </message>
    <message>
        <source>Scaler: %1</source>
        <translation>Penskala: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;NaN doctor · loss scaler&lt;/b&gt;</source>
        <translation>&lt;b&gt;Dokter NaN · penskala loss&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No inf or NaN has reached this run&apos;s weights; the loss scaler is struggling.</source>
        <translation>Belum ada inf atau NaN yang mencapai bobot run ini; penskala loss sedang kesulitan.</translation>
    </message>
    <message>
        <source>&lt;b&gt;NaN doctor · %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;Dokter NaN · %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;NaN doctor · %1:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Dokter NaN · %1:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>layer %1 %2</source>
        <translation>layer %1 %2</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>langkah %1</translation>
    </message>
    <message>
        <source>%1, step %2: smallest non-zero %3, largest %4; underflowed %5, overflowed %6</source>
        <translation>%1, langkah %2: bukan nol terkecil %3, terbesar %4; tenggelam ke nol %5, overflow %6</translation>
    </message>
    <message>
        <source>lead-up</source>
        <translation>menjelang</translation>
    </message>
    <message>
        <source>no statistics kept (statistics off, or the fault at step 0)</source>
        <translation>tidak ada statistik yang disimpan (statistik mati, atau kegagalan pada langkah 0)</translation>
    </message>
    <message>
        <source>remedy %1: step %v of %m</source>
        <translation>penanganan %1: langkah %v dari %m</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>berjalan…</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>dibatalkan</translation>
    </message>
    <message>
        <source>rerun cancelled</source>
        <translation>run ulang dibatalkan</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>gagal</translation>
    </message>
    <message>
        <source>rerun failed: %1</source>
        <translation>run ulang gagal: %1</translation>
    </message>
    <message>
        <source>rerun done</source>
        <translation>run ulang selesai</translation>
    </message>
    <message>
        <source>%1 remedy</source>
        <translation>%1 penanganan</translation>
    </message>
</context>
<context>
    <name>presisi::GradientRangeView</name>
    <message>
        <source>L%1 %2</source>
        <translation>L%1 %2</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>Histogram</translation>
    </message>
    <message>
        <source>Gradient magnitudes of every lane as log2 bins over the f16 and bf16 ranges.</source>
        <translation>Besaran gradien setiap lajur dalam bin log2 terhadap rentang f16 dan bf16.</translation>
    </message>
    <message>
        <source>Ranges</source>
        <translation>Rentang</translation>
    </message>
    <message>
        <source>Per layer and tensor kind: the smallest non-zero to the largest magnitude of one lane, over its format&apos;s flush-to-zero, subnormal, normal and overflow regions.</source>
        <translation>Per layer dan jenis tensor: besaran bukan nol terkecil sampai terbesar dari satu lajur, terhadap wilayah flush-to-zero, subnormal, normal, dan overflow formatnya.</translation>
    </message>
    <message>
        <source>The lane whose tensors the range chart shows (against that lane&apos;s format).</source>
        <translation>Lajur yang tensornya ditampilkan grafik rentang (terhadap format lajur itu).</translation>
    </message>
    <message>
        <source>lane</source>
        <translation>lajur</translation>
    </message>
    <message>
        <source>Rows: L1 = layer 1; outputs = the linear layer&apos;s output (activations), output grads = the gradient there, weight grads = weight and bias gradients. Bar: the lane&apos;s smallest non-zero to largest magnitude; thin line: the same in a float32 shadow (gradients times the loss scale); grey arrow: some elements underflowed to 0, red: some overflowed to inf/NaN.</source>
        <translation>Baris: L1 = layer 1; keluaran = keluaran layer linier (aktivasi), grad keluaran = gradien di sana, grad bobot = gradien bobot dan bias. Batang: besaran bukan nol terkecil sampai terbesar lajur itu; garis tipis: hal yang sama pada bayangan float32 (gradien dikali skala loss); panah abu-abu: sebagian elemen tenggelam ke 0, merah: sebagian overflow ke inf/NaN.</translation>
    </message>
    <message>
        <source>Per-layer ranges, %1</source>
        <translation>Rentang per layer, %1</translation>
    </message>
    <message>
        <source>Press Play (Space), or step (.): a snapshot every few steps (statistics on)</source>
        <translation>Tekan Putar (Spasi), atau langkah (.): satu cuplikan setiap beberapa langkah (statistik hidup)</translation>
    </message>
    <message>
        <source> · scale 2^%1</source>
        <translation> · skala 2^%1</translation>
    </message>
    <message>
        <source>Per-layer ranges, %1, step %2%3</source>
        <translation>Rentang per layer, %1, langkah %2%3</translation>
    </message>
</context>
<context>
    <name>presisi::GuidedTour</name>
    <message>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <source>End the tour (Esc); the window stays as the step left it</source>
        <translation>Akhiri tur (Esc); jendela tetap seperti yang ditinggalkan langkah terakhir</translation>
    </message>
    <message>
        <source>← &amp;Back</source>
        <translation>← &amp;Kembali</translation>
    </message>
    <message>
        <source>The previous step: sets the window up for it again</source>
        <translation>Langkah sebelumnya: menata jendela untuknya lagi</translation>
    </message>
    <message>
        <source>&amp;Next →</source>
        <translation>&amp;Lanjut →</translation>
    </message>
    <message>
        <source>The next step: sets the window up for it (a run still going is stopped first)</source>
        <translation>Langkah berikutnya: menata jendela untuknya (run yang masih berjalan dihentikan dulu)</translation>
    </message>
    <message>
        <source>Guided tour · step %1 of %2</source>
        <translation>Tur terpandu · langkah %1 dari %2</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Selesai</translation>
    </message>
</context>
<context>
    <name>presisi::TrainingPage</name>
    <message>
        <source>Training lab</source>
        <translation>Lab pelatihan</translation>
    </message>
    <message>
        <source>Training loss per step</source>
        <translation>Loss pelatihan per langkah</translation>
    </message>
    <message>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>Gradient underflow</source>
        <translation>Underflow gradien</translation>
    </message>
    <message>
        <source>% underflowed</source>
        <translation>% underflow</translation>
    </message>
    <message>
        <source>Per step, the share of gradient elements that are exactly 0 in the lane although a float32 shadow backward on the lane&apos;s own weights and batch gives them non-zero: gradients sunk to zero. &quot;underflow of&quot; (Charts) chooses weight or activation gradients.</source>
        <translation>Per langkah, bagian elemen gradien yang persis 0 pada lajur padahal backward bayangan float32 pada bobot dan batch milik lajur itu sendiri memberinya nilai bukan nol: gradien yang tenggelam ke nol. &quot;underflow dari&quot; (Grafik) memilih gradien bobot atau aktivasi.</translation>
    </message>
    <message>
        <source>Loss scale (skipped steps marked)</source>
        <translation>Skala loss (langkah yang dilewati ditandai)</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>skala</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>dilewati</translation>
    </message>
    <message>
        <source>The loss scaler&apos;s scale per step for each +scaler lane (log2 axis): halved and the step skipped (a marker, weights untouched) when a scaled gradient overflows, doubled after growth interval clean steps.</source>
        <translation>Skala penskala loss per langkah untuk setiap lajur +scaler (sumbu log2): dibagi dua dan langkahnya dilewati (penanda, bobot tidak diubah) saat gradien terskala overflow, digandakan setelah growth interval langkah bersih.</translation>
    </message>
    <message>
        <source>The training loss per step, as each lane computes it in its format (the batch&apos;s loss). A cross marks where a lane&apos;s loss turned inf or NaN, at its last finite value.</source>
        <translation>Loss pelatihan per langkah, seperti dihitung setiap lajur dalam formatnya (loss batch itu). Tanda silang menunjukkan tempat loss sebuah lajur menjadi inf atau NaN, pada nilai hingga terakhirnya.</translation>
    </message>
    <message>
        <source>log2 |gradient| (scaled)</source>
        <translation>log2 |gradien| (terskala)</translation>
    </message>
    <message>
        <source>% of gradients</source>
        <translation>% gradien</translation>
    </message>
    <message>
        <source>Press Play (Space), or step (.)</source>
        <translation>Tekan Putar (Spasi), atau langkah (.)</translation>
    </message>
    <message>
        <source>bf16 range</source>
        <translation>rentang bf16</translation>
    </message>
    <message>
        <source>f16 subnormal</source>
        <translation>subnormal f16</translation>
    </message>
    <message>
        <source>f16 normal</source>
        <translation>normal f16</translation>
    </message>
    <message>
        <source>Share of each lane&apos;s gradient elements per log2 magnitude bin (scaled lanes: times the scale), over bf16&apos;s range (top strip, from 2^-133) and f16&apos;s subnormal (2^-24 to 2^-14) and normal (to 65504) ranges. Exact zeros and inf/NaN have no bin: the legend gives their share beside each lane.</source>
        <translation>Bagian elemen gradien setiap lajur per bin besaran log2 (lajur terskala: dikali skalanya), terhadap rentang bf16 (pita atas, mulai 2^-133) serta rentang subnormal (2^-24 sampai 2^-14) dan normal (sampai 65504) f16. Nol persis dan inf/NaN tidak punya bin: legenda memberi bagiannya di samping setiap lajur.</translation>
    </message>
    <message>
        <source>The run&apos;s steps, when paused or finished: drag (or Home, End, arrows) to show a step&apos;s tiles, histogram and a cursor on the charts. Play resumes from the end.</source>
        <translation>Langkah-langkah run, saat dijeda atau selesai: seret (atau Home, End, panah) untuk menampilkan ubin, histogram, dan kursor grafik pada sebuah langkah. Putar melanjutkan dari akhir.</translation>
    </message>
    <message>
        <source>timeline: run or step first</source>
        <translation>linimasa: jalankan atau langkahkan dulu</translation>
    </message>
    <message>
        <source>step %1 of %2 · Play goes on from the end</source>
        <translation>langkah %1 dari %2 · Putar melanjutkan dari akhir</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Preset: %1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;hr&gt;</source>
        <translation>&lt;h3&gt;Preset: %1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;hr&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Summation.&lt;/b&gt; Every lane adds the same values, one by one, into an accumulator held in its format; each partial sum is rounded to it. The left chart shows each lane&apos;s running sum against the exact sum (the wide pale band), the right one how far each lane is from it, in percent. Once a format&apos;s spacing at the running sum exceeds twice the value added, the sum stops growing.</source>
        <translation>&lt;b&gt;Penjumlahan.&lt;/b&gt; Setiap lajur menambahkan nilai yang sama, satu per satu, ke akumulator yang disimpan dalam formatnya; setiap jumlah parsial dibulatkan ke format itu. Grafik kiri menampilkan jumlah berjalan setiap lajur terhadap jumlah eksak (pita pucat yang lebar), grafik kanan seberapa jauh setiap lajur darinya, dalam persen. Begitu jarak antarnilai format pada jumlah berjalan melebihi dua kali nilai yang ditambahkan, jumlahnya berhenti bertambah.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Training lab.&lt;/b&gt; Every lane trains the same model from the same seed on the same batches; only the number format and the policy differ. Forward and loss run under autocast, master weights and the optimizer stay in f32.&lt;br&gt;&lt;br&gt;Charts: the loss; the share of gradients that are zero in a lane but not in f32 (underflow); the loss scaler&apos;s scale with skipped steps marked; gradient magnitudes on log2 bins against the f16 and bf16 ranges. A lane whose loss turns NaN leaves the loss chart where a cross marks its last finite value, in the lane&apos;s colour; its tile says nan.&lt;br&gt;&lt;br&gt;&lt;b&gt;Ranges&lt;/b&gt; (beside Histogram): one lane&apos;s tensors per layer, smallest to largest magnitude, over its format&apos;s zero, subnormal, normal and overflow regions. &lt;b&gt;NaN doctor&lt;/b&gt;: when a lane first turns inf or NaN, a panel says where, shows the steps before, and reruns the lane with each remedy.</source>
        <translation>&lt;b&gt;Lab pelatihan.&lt;/b&gt; Setiap lajur melatih model yang sama dari benih yang sama pada batch yang sama; hanya format bilangan dan kebijakannya yang berbeda. Forward dan loss berjalan di bawah autocast, bobot master dan optimizer tetap pada f32.&lt;br&gt;&lt;br&gt;Grafik: loss; bagian gradien yang nol pada sebuah lajur tetapi tidak pada f32 (underflow); skala penskala loss dengan langkah yang dilewati ditandai; besaran gradien dalam bin log2 terhadap rentang f16 dan bf16. Lajur yang loss-nya menjadi NaN meninggalkan grafik loss, dan tanda silang berwarna lajur itu menandai nilai hingga terakhirnya; ubinnya menampilkan nan.&lt;br&gt;&lt;br&gt;&lt;b&gt;Rentang&lt;/b&gt; (di samping Histogram): tensor satu lajur per layer, dari besaran terkecil sampai terbesar, terhadap wilayah nol, subnormal, normal, dan overflow formatnya. &lt;b&gt;Dokter NaN&lt;/b&gt;: saat sebuah lajur pertama kali menjadi inf atau NaN, sebuah panel menyebut tempatnya, menampilkan langkah-langkah sebelumnya, dan menjalankan ulang lajur itu dengan setiap penanganan.</translation>
    </message>
    <message>
        <source>Presisi training lab%1: %2 %3, %4 %5 lr %6, batch %7, seed %8; lanes %9; step %10</source>
        <translation>Lab pelatihan Presisi%1: %2 %3, %4 %5 lr %6, batch %7, benih %8; lajur %9; langkah %10</translation>
    </message>
    <message>
        <source> (preset %1)</source>
        <translation> (preset %1)</translation>
    </message>
    <message>
        <source>Training: %1 · %2 lanes</source>
        <translation>Pelatihan: %1 · %2 lajur</translation>
    </message>
    <message>
        <source> · step %1 of %2</source>
        <translation> · langkah %1 dari %2</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>Run gagal: %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Jeda</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Putar</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 langkah/detik</translation>
    </message>
    <message>
        <source>max (as fast as it goes)</source>
        <translation>maks (secepat mungkin)</translation>
    </message>
    <message>
        <source>Presisi (backward f32 accumulation)</source>
        <translation>Presisi (akumulasi f32 pada backward)</translation>
    </message>
    <message>
        <source>Presisi (storage accumulation)</source>
        <translation>Presisi (akumulasi dalam format penyimpanan)</translation>
    </message>
    <message>
        <source>as PyTorch 1.13 on this CPU</source>
        <translation>seperti PyTorch 1.13 pada CPU ini</translation>
    </message>
    <message>
        <source>as PyTorch 1.13 with AVX-512</source>
        <translation>seperti PyTorch 1.13 dengan AVX-512</translation>
    </message>
    <message>
        <source>as PyTorch 1.13 without AVX-512</source>
        <translation>seperti PyTorch 1.13 tanpa AVX-512</translation>
    </message>
    <message>
        <source>How every lane&apos;s low-format matrix products and GELU are computed.
Presisi (backward f32 accumulation): the backward products accumulate in float32, rounded once to the lane&apos;s format (the default).
Presisi (storage accumulation): the backward products accumulate in the lane&apos;s format, every partial sum rounded.
As PyTorch 1.13: product by product as its CPU dispatch decides. With AVX-512, a bf16 product goes to oneDNN (float32 accumulation) only when m·n·k &gt; 4096, otherwise to ATen&apos;s reference product (bf16 accumulation), and bf16 GELU is computed in float32 with one rounding; without AVX-512 every product takes the reference path and GELU is ATen&apos;s. &apos;On this CPU&apos; reads this CPU&apos;s flags as torch does.</source>
        <translation>Cara perkalian matriks berformat rendah dan GELU setiap lajur dihitung.
Presisi (akumulasi f32 pada backward): perkalian pada backward diakumulasi dalam float32, lalu dibulatkan sekali ke format lajur (bawaan).
Presisi (akumulasi dalam format penyimpanan): perkalian pada backward diakumulasi dalam format lajur, setiap jumlah parsial dibulatkan.
Seperti PyTorch 1.13: perkalian demi perkalian sesuai keputusan dispatch CPU-nya. Dengan AVX-512, perkalian bf16 masuk ke oneDNN (akumulasi float32) hanya bila m·n·k &gt; 4096, selain itu ke perkalian referensi ATen (akumulasi bf16), dan GELU bf16 dihitung dalam float32 dengan satu pembulatan; tanpa AVX-512 setiap perkalian melalui jalur referensi dan GELU-nya milik ATen. &apos;Pada CPU ini&apos; membaca flag CPU ini seperti yang dilakukan torch.</translation>
    </message>
    <message>
        <source>Lanes beyond the boxes, separated by commas: device:format[+scaler][+ftz][+native], e.g. cpu:f16+ftz, cpu:bf16+scaler, gpu:f16, cpu:bf16+native (the products on the CPU&apos;s own bf16 instructions, where it has them). Formats f32, bf16, f16.</source>
        <translation>Lajur di luar kotak centang, dipisahkan koma: perangkat:format[+scaler][+ftz][+native], misalnya cpu:f16+ftz, cpu:bf16+scaler, gpu:f16, cpu:bf16+native (perkalian memakai instruksi bf16 milik CPU sendiri, bila ada). Format f32, bf16, f16.</translation>
    </message>
    <message>
        <source>Play / pause (Space). After a change of the controls, starts again from step 0.</source>
        <translation>Putar / jeda (Spasi). Setelah kontrol diubah, mulai lagi dari langkah 0.</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Langkah</translation>
    </message>
    <message>
        <source>One step of every lane (.)</source>
        <translation>Satu langkah untuk setiap lajur (.)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Ke awal</translation>
    </message>
    <message>
        <source>Back to step 0 (Ctrl+R); a changed lane set applies now.</source>
        <translation>Kembali ke langkah 0 (Ctrl+R); perubahan susunan lajur berlaku sekarang.</translation>
    </message>
    <message>
        <source>pace</source>
        <translation>laju</translation>
    </message>
    <message>
        <source>Steps per second: the engine waits between steps (&apos;max&apos; runs as fast as the machine goes). Changes apply at once, also during a run.</source>
        <translation>Langkah per detik: mesin menunggu di antara langkah (&apos;maks&apos; berjalan secepat mesin mampu). Perubahan langsung berlaku, juga selama run.</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>The built-in data set every lane trains on (the same batches for every lane).</source>
        <translation>Set data bawaan yang dipakai setiap lajur untuk berlatih (batch yang sama untuk setiap lajur).</translation>
    </message>
    <message>
        <source>Training samples of the built-in set; the evaluation samples are drawn after them.</source>
        <translation>Sampel pelatihan dari set bawaan; sampel evaluasi diambil sesudahnya.</translation>
    </message>
    <message>
        <source>Standard deviation of the noise added to the built-in set, in units of the data (0: none).</source>
        <translation>Simpangan baku derau yang ditambahkan ke set bawaan, dalam satuan data (0: tanpa derau).</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>set data</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>sampel</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>derau</translation>
    </message>
    <message>
        <source>Model and optimizer</source>
        <translation>Model dan optimizer</translation>
    </message>
    <message>
        <source>Layer widths: input, hidden…, output (2-64-64-3: 2 inputs, two hidden layers of 64, 3 outputs).</source>
        <translation>Lebar layer: masukan, tersembunyi…, keluaran (2-64-64-3: 2 masukan, dua layer tersembunyi berisi 64, 3 keluaran).</translation>
    </message>
    <message>
        <source>Learning rate of the optimizer (the arrows walk 0.01, 0.02, 0.05, 0.1, …).</source>
        <translation>Learning rate optimizer (panah menapaki 0,01, 0,02, 0,05, 0,1, …).</translation>
    </message>
    <message>
        <source>The activation function between the linear layers.</source>
        <translation>Fungsi aktivasi di antara layer-layer linier.</translation>
    </message>
    <message>
        <source>cross_entropy (log_softmax then the negative log-likelihood) for classes, mse for regression.</source>
        <translation>cross_entropy (log_softmax lalu negative log-likelihood) untuk kelas, mse untuk regresi.</translation>
    </message>
    <message>
        <source>The optimizer; it updates float32 master weights in every lane.</source>
        <translation>Optimizer; memperbarui bobot master float32 pada setiap lajur.</translation>
    </message>
    <message>
        <source>full</source>
        <translation>penuh</translation>
    </message>
    <message>
        <source>Samples per step (&apos;full&apos;: the whole training set every step).</source>
        <translation>Sampel per langkah (&apos;penuh&apos;: seluruh set pelatihan setiap langkah).</translation>
    </message>
    <message>
        <source>How many steps a run takes (Play after the end goes on for as many again).</source>
        <translation>Jumlah langkah satu run (Putar setelah akhir melanjutkan sebanyak itu lagi).</translation>
    </message>
    <message>
        <source>torch.manual_seed before the model is built (the data and batches use the seed + 1): every lane starts from the same weights and sees the same batches.</source>
        <translation>torch.manual_seed sebelum model dibangun (data dan batch memakai benih + 1): setiap lajur mulai dari bobot yang sama dan melihat batch yang sama.</translation>
    </message>
    <message>
        <source>sizes</source>
        <translation>ukuran</translation>
    </message>
    <message>
        <source>activation</source>
        <translation>aktivasi</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>optimizer</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>learning rate</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>batch</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>langkah</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>benih</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>Lajur</translation>
    </message>
    <message>
        <source>Each lane trains the same model on the same batches in one format: f32, bf16, f16, and f16 with a loss scaler (+scaler).</source>
        <translation>Setiap lajur melatih model yang sama pada batch yang sama dalam satu format: f32, bf16, f16, dan f16 dengan penskala loss (+scaler).</translation>
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
        <source>Lane %1: trains in this format on the %2 (Ctrl+R or Play applies a change).</source>
        <translation>Lajur %1: berlatih dalam format ini pada %2 (Ctrl+R atau Putar menerapkan perubahan).</translation>
    </message>
    <message>
        <source>more: cpu:bf16+native, cpu:f16+ftz, …</source>
        <translation>lainnya: cpu:bf16+native, cpu:f16+ftz, …</translation>
    </message>
    <message>
        <source>GPU lanes off: %1</source>
        <translation>Lajur GPU mati: %1</translation>
    </message>
    <message>
        <source>The scale the loss is multiplied by at step 0 (GradScaler&apos;s init_scale, 65536 by default).</source>
        <translation>Skala pengali loss pada langkah 0 (init_scale GradScaler, bawaannya 65536).</translation>
    </message>
    <message>
        <source>The scale is multiplied by this after growth interval steps without inf/NaN (2 by default).</source>
        <translation>Skala dikalikan dengan nilai ini setelah growth interval langkah tanpa inf/NaN (bawaannya 2).</translation>
    </message>
    <message>
        <source>The scale is multiplied by this when a scaled gradient is inf/NaN; that step is skipped (0.5 by default).</source>
        <translation>Skala dikalikan dengan nilai ini saat gradien terskala inf/NaN; langkah itu dilewati (bawaannya 0,5).</translation>
    </message>
    <message>
        <source>Clean steps in a row before the scale grows (2000 by default).</source>
        <translation>Jumlah langkah bersih berturut-turut sebelum skala tumbuh (bawaannya 2000).</translation>
    </message>
    <message>
        <source>initial scale</source>
        <translation>skala awal</translation>
    </message>
    <message>
        <source>growth factor</source>
        <translation>faktor pertumbuhan</translation>
    </message>
    <message>
        <source>backoff factor</source>
        <translation>faktor mundur</translation>
    </message>
    <message>
        <source>growth interval</source>
        <translation>interval pertumbuhan</translation>
    </message>
    <message>
        <source>Loss scaler (+scaler lanes)</source>
        <translation>Penskala loss (lajur +scaler)</translation>
    </message>
    <message>
        <source>GradScaler&apos;s settings for every +scaler lane: the loss is multiplied by the scale before the backward pass and the gradients divided by it before the step.</source>
        <translation>Setelan GradScaler untuk setiap lajur +scaler: loss dikalikan dengan skala sebelum backward pass dan gradiennya dibagi skala itu sebelum step.</translation>
    </message>
    <message>
        <source>low: the lane&apos;s format; f32: float32; as-input: whatever format arrives (no cast).</source>
        <translation>low: format lajur; f32: float32; as-input: format apa pun yang datang (tanpa cast).</translation>
    </message>
    <message>
        <source>Which format each operation runs in under autocast, for every lane. linear: the matrix products; reduction: the batch mean inside the loss.</source>
        <translation>Format tempat setiap operasi berjalan di bawah autocast, untuk setiap lajur. linear: perkalian matriks; reduction: rata-rata batch di dalam loss.</translation>
    </message>
    <message>
        <source>CPU defaults</source>
        <translation>Bawaan CPU</translation>
    </message>
    <message>
        <source>PyTorch&apos;s CPU autocast: linear low, loss f32, softmax, activation and reduction as-input.</source>
        <translation>autocast CPU PyTorch: linear low, loss f32, softmax, activation, dan reduction as-input.</translation>
    </message>
    <message>
        <source>CUDA defaults</source>
        <translation>Bawaan CUDA</translation>
    </message>
    <message>
        <source>PyTorch&apos;s CUDA autocast: also softmax and the reduction in f32.</source>
        <translation>autocast CUDA PyTorch: softmax dan reduction juga pada f32.</translation>
    </message>
    <message>
        <source>products and GELU</source>
        <translation>perkalian dan GELU</translation>
    </message>
    <message>
        <source>Autocast policy (every lane)</source>
        <translation>Kebijakan autocast</translation>
    </message>
    <message>
        <source>activation gradients</source>
        <translation>gradien aktivasi</translation>
    </message>
    <message>
        <source>weight gradients</source>
        <translation>gradien bobot</translation>
    </message>
    <message>
        <source>Which gradients the underflow chart and the tiles count: at every linear layer&apos;s output, or every weight and bias gradient.</source>
        <translation>Gradien yang dihitung grafik underflow dan ubin: pada keluaran setiap layer linier, atau setiap gradien bobot dan bias.</translation>
    </message>
    <message>
        <source>log axis</source>
        <translation>sumbu log</translation>
    </message>
    <message>
        <source>The loss chart&apos;s vertical axis in powers of 10 (losses that fall by orders of magnitude).</source>
        <translation>Sumbu tegak grafik loss dalam pangkat 10 (untuk loss yang turun beberapa orde besaran).</translation>
    </message>
    <message>
        <source>Which gradients the histogram shows: every layer together, or one layer&apos;s weight or output gradients.</source>
        <translation>Gradien yang ditampilkan histogram: semua layer bersama, atau gradien bobot atau keluaran satu layer.</translation>
    </message>
    <message>
        <source>underflow of</source>
        <translation>underflow dari</translation>
    </message>
    <message>
        <source>histogram</source>
        <translation>histogram</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Grafik</translation>
    </message>
    <message>
        <source>sizes: &apos;%1&apos; is not a width (write e.g. 2-64-64-3)</source>
        <translation>ukuran: &apos;%1&apos; bukan lebar layer (tulis misalnya 2-64-64-3)</translation>
    </message>
    <message>
        <source>seed: &apos;%1&apos; is not an integer from 0 to 2^64-1</source>
        <translation>benih: &apos;%1&apos; bukan bilangan bulat dari 0 sampai 2^64-1</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>semua layer</translation>
    </message>
    <message>
        <source>layer %1 weights</source>
        <translation>bobot layer %1</translation>
    </message>
    <message>
        <source>layer %1 outputs</source>
        <translation>keluaran layer %1</translation>
    </message>
    <message>
        <source>lane &apos;%1&apos; is already in the run</source>
        <translation>lajur &apos;%1&apos; sudah ada dalam run</translation>
    </message>
    <message>
        <source>no lane: tick at least one</source>
        <translation>tidak ada lajur: centang paling sedikit satu</translation>
    </message>
    <message>
        <source>The loss of this step&apos;s forward pass on the batch, before the update, computed in the lane&apos;s format under autocast (nan: the lane has diverged).</source>
        <translation>Loss forward pass langkah ini pada batch, sebelum pembaruan, dihitung dalam format lajur di bawah autocast (nan: lajur telah divergen).</translation>
    </message>
    <message>
        <source>Share of this step&apos;s batch the lane classifies correctly (the argmax of its outputs).</source>
        <translation>Bagian batch langkah ini yang diklasifikasikan benar oleh lajur (argmax keluarannya).</translation>
    </message>
    <message>
        <source>Gradient norm: the L2 norm of this step&apos;s float32 master gradients of every weight and bias, unscaled (scaler lanes: divided by the scale); inf or nan when a gradient overflowed.</source>
        <translation>Norma gradien: norma L2 gradien master float32 langkah ini untuk semua bobot dan bias, tanpa skala (lajur penskala: dibagi skalanya); inf atau nan bila sebuah gradien overflow.</translation>
    </message>
    <message>
        <source>Underflow: of all gradient elements of the kind chosen under Charts (weight or activation gradients), the share that is exactly 0 in this lane while a float32 shadow backward on the lane&apos;s own weights and batch gives it non-zero.</source>
        <translation>Underflow: dari semua elemen gradien jenis yang dipilih di Grafik (gradien bobot atau aktivasi), bagian yang persis 0 pada lajur ini padahal backward bayangan float32 pada bobot dan batch milik lajur itu sendiri memberinya nilai bukan nol.</translation>
    </message>
    <message>
        <source>Running sum per lane and the exact sum</source>
        <translation>Jumlah berjalan per lajur dan jumlah eksak</translation>
    </message>
    <message>
        <source>running sum</source>
        <translation>jumlah berjalan</translation>
    </message>
    <message>
        <source>Each lane&apos;s running sum, held in its format (every partial sum rounded to it); the wide pale band is the exact sum of the same values, in double.</source>
        <translation>Jumlah berjalan setiap lajur, disimpan dalam formatnya (setiap jumlah parsial dibulatkan ke format itu); pita pucat yang lebar adalah jumlah eksak dari nilai yang sama, dalam double.</translation>
    </message>
    <message>
        <source>Error of the running sum</source>
        <translation>Galat jumlah berjalan</translation>
    </message>
    <message>
        <source>% of the exact sum</source>
        <translation>% dari eksak</translation>
    </message>
    <message>
        <source>How far each lane&apos;s running sum is from the exact sum, in percent of the exact sum: it grows once the format&apos;s spacing exceeds the values added.</source>
        <translation>Seberapa jauh jumlah berjalan setiap lajur dari jumlah eksak, dalam persen jumlah eksak: galatnya tumbuh begitu jarak antarnilai format melebihi nilai yang ditambahkan.</translation>
    </message>
    <message>
        <source>Summation</source>
        <translation>Penjumlahan</translation>
    </message>
    <message>
        <source>values per step</source>
        <translation>nilai per langkah</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>akurasi</translation>
    </message>
    <message>
        <source>grad norm</source>
        <translation>norma grad</translation>
    </message>
    <message>
        <source>underflow</source>
        <translation>underflow</translation>
    </message>
    <message>
        <source>The lane&apos;s running sum after this step, held in its format.</source>
        <translation>Jumlah berjalan lajur setelah langkah ini, disimpan dalam formatnya.</translation>
    </message>
    <message>
        <source>The exact sum of the same values (double).</source>
        <translation>Jumlah eksak dari nilai yang sama (double).</translation>
    </message>
    <message>
        <source>How far the running sum is from the exact sum, in percent of it.</source>
        <translation>Seberapa jauh jumlah berjalan dari jumlah eksak, dalam persen jumlah eksak.</translation>
    </message>
    <message>
        <source>The step and how many values have been summed so far.</source>
        <translation>Langkahnya dan banyaknya nilai yang sudah dijumlahkan.</translation>
    </message>
    <message>
        <source>The step; the loss scale (2^k; skipped: the step&apos;s scaled gradients overflowed, so the weights were left untouched); overflows: elements of this step&apos;s activations and gradients that are inf or NaN. At the end: the final evaluation, in float32 without gradients.</source>
        <translation>Langkahnya; skala loss (2^k; dilewati: gradien terskala langkah itu overflow, sehingga bobot tidak diubah); overflow: elemen aktivasi dan gradien langkah ini yang inf atau NaN. Di akhir: evaluasi akhir, dalam float32 tanpa gradien.</translation>
    </message>
    <message>
        <source>The lane&apos;s decision regions over the data (points: the samples, coloured by class), redrawn every few steps.</source>
        <translation>Wilayah keputusan lajur di atas data (titik: sampel, diwarnai menurut kelas), digambar ulang setiap beberapa langkah.</translation>
    </message>
    <message>
        <source>The lane&apos;s fit: its predictions against the data, redrawn every few steps.</source>
        <translation>Kecocokan lajur: prediksinya terhadap data, digambar ulang setiap beberapa langkah.</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>eksak</translation>
    </message>
    <message>
        <source>Loss scale: no lane uses a scaler</source>
        <translation>Skala loss: tidak ada lajur yang memakai penskala</translation>
    </message>
    <message>
        <source>Add a +scaler lane (e.g. cpu:f16+scaler) to see its scale</source>
        <translation>Tambahkan lajur +scaler (misalnya cpu:f16+scaler) untuk melihat skalanya</translation>
    </message>
    <message>
        <source>step %1 · eval loss %2%3%4</source>
        <translation>langkah %1 · loss evaluasi %2%3%4</translation>
    </message>
    <message>
        <source> · eval acc. %1</source>
        <translation> · akurasi evaluasi %1</translation>
    </message>
    <message>
        <source> · ⚠ scaler: try bf16</source>
        <translation> · ⚠ penskala: coba bf16</translation>
    </message>
    <message>
        <source>exact sum</source>
        <translation>jumlah eksak</translation>
    </message>
    <message>
        <source>error</source>
        <translation>galat</translation>
    </message>
    <message>
        <source>step %1 · %2 values summed</source>
        <translation>langkah %1 · %2 nilai dijumlahkan</translation>
    </message>
    <message>
        <source>step %1 · scale %2%3 · overflows %4%5</source>
        <translation>langkah %1 · skala %2%3 · overflow %4%5</translation>
    </message>
    <message>
        <source> (skipped)</source>
        <translation> (dilewati)</translation>
    </message>
    <message>
        <source>step %1 · drag to look back</source>
        <translation>langkah %1 · seret untuk melihat ke belakang</translation>
    </message>
    <message>
        <source>%1 zeros</source>
        <translation>%1 nol</translation>
    </message>
    <message>
        <source>%1 inf/NaN</source>
        <translation>%1 inf/NaN</translation>
    </message>
    <message>
        <source>Gradient magnitudes, step %1</source>
        <translation>Besaran gradien, langkah %1</translation>
    </message>
    <message>
        <source>Scaler warning at step %1: %2</source>
        <translation>Peringatan penskala pada langkah %1: %2</translation>
    </message>
    <message>
        <source>Gradient magnitudes (log2 bins)</source>
        <translation>Besaran gradien (bin log2)</translation>
    </message>
</context>
</TS>
