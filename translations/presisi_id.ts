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
        <name>FaultText</name>
        <message>
            <source>%1 %2 %3 in layer %4, backward, step %5</source>
            <translation>%2 %1 %3 di layer %4, backward, langkah %5</translation>
        </message>
        <message>
            <source>%1 %2 %3 in layer %4, forward, step %5</source>
            <translation>%2 %1 %3 di layer %4, forward, langkah %5</translation>
        </message>
        <message>
            <source>%1 activation function output %2 in layer %3, forward, step %4</source>
            <translation>keluaran fungsi aktivasi %1 %2 di layer %3, forward, langkah %4</translation>
        </message>
        <message>
            <source>%1 activation gradient %2 in layer %3's activation backward, step %4</source>
            <translation>gradien aktivasi %1 %2 di backward aktivasi layer %3, langkah %4</translation>
        </message>
        <message>
            <source>%1 loss %2 in softmax/loss, forward, step %3</source>
            <translation>loss %1 %2 di softmax/loss, forward, langkah %3</translation>
        </message>
        <message>
            <source>%1 loss gradient %2 in softmax/loss, forward, step %3</source>
            <translation>gradien loss %1 %2 di softmax/loss, forward, langkah %3</translation>
        </message>
        <message>
            <source>%1 normalisation gradient %2 in layer %3's normalisation backward, step %4</source>
            <translation>gradien normalisasi %1 %2 di backward normalisasi layer %3, langkah %4</translation>
        </message>
        <message>
            <source>%1 normalisation output %2 in layer %3, forward, step %4</source>
            <translation>keluaran normalisasi %1 %2 di layer %3, forward, langkah %4</translation>
        </message>
        <message>
            <source>%1 normalisation variance + eps came out %2 (not positive) in layer %3, forward, step %4: its rsqrt is NaN</source>
            <translation>varians + eps normalisasi %1 menjadi %2 (tidak positif) di layer %3, forward, langkah %4: rsqrt-nya NaN</translation>
        </message>
        <message>
            <source>activation</source>
            <translation>aktivasi</translation>
        </message>
        <message>
            <source>activation gradient</source>
            <translation>gradien aktivasi</translation>
        </message>
        <message>
            <source>became NaN</source>
            <translation>menjadi NaN</translation>
        </message>
        <message>
            <source>became inf</source>
            <translation>menjadi inf</translation>
        </message>
        <message>
            <source>lane</source>
            <translation>lajur</translation>
        </message>
        <message>
            <source>non-finite value in layer %1, step %2</source>
            <translation>nilai tak hingga atau NaN di layer %1, langkah %2</translation>
        </message>
        <message>
            <source>overflowed: %1 &gt; %2</source>
            <translation>overflow: %1 &gt; %2</translation>
        </message>
        <message>
            <source>since step %1 the scaler trains again: %2 steps without a skip at scale %3</source>
            <translation>sejak langkah %1 penskala loss kembali berlatih: %2 langkah tanpa ada yang dilewati pada skala %3</translation>
        </message>
        <message>
            <source>the loss scale fell to %1 (below 1): even unscaled, the gradients overflow %2; bf16 has the range for them</source>
            <translation>skala loss turun ke %1 (di bawah 1): tanpa penskalaan pun gradiennya overflow pada %2; bf16 memiliki rentang untuk menampungnya</translation>
        </message>
        <message>
            <source>the optimizer step wrote %1 into layer %2's weights from finite gradients, step %3</source>
            <translation>langkah optimizer menuliskan %1 ke bobot layer %2 dari gradien yang hingga, langkah %3</translation>
        </message>
        <message>
            <source>the scaler skipped %1 steps in a row: the gradients overflow %2 at every scale tried so far; bf16 has the range for them</source>
            <translation>penskala loss melewati %1 langkah berturut-turut: gradiennya overflow pada %2 di setiap skala yang sudah dicoba; bf16 memiliki rentang untuk menampungnya</translation>
        </message>
        <message>
            <source>unscaling %1: a gradient times 1/scale left float32's range in layer %2, step %3</source>
            <translation>pembatalan penskalaan %1: gradien dikali 1/skala keluar dari rentang float32 di layer %2, langkah %3</translation>
        </message>
        <message>
            <source>value</source>
            <translation>nilai</translation>
        </message>
        <message>
            <source>weight gradient</source>
            <translation>gradien bobot</translation>
        </message>
    </context>
    <context>
        <name>GuidedTour</name>
        <message>
            <source>Accumulate in float32</source>
            <translation>Akumulasi dalam float32</translation>
        </message>
        <message>
            <source>An honest comparison across seeds</source>
            <translation>Perbandingan yang jujur antar benih</translation>
        </message>
        <message>
            <source>Each lane runs the forward pass and the loss inside autocast, the backward pass outside it; master weights and the optimizer stay in float32, and the final evaluation runs in float32 without gradients. With float16 the loss scaler wraps backward and step: a step whose scaled gradients overflow is skipped (marked on this chart) and the scale halved, and after %1 clean steps it doubles. bfloat16 needs no scaler.</source>
            <translation>Setiap lajur menjalankan forward pass dan loss di dalam autocast, sedangkan backward pass di luarnya; bobot master dan optimizer tetap pada float32, dan evaluasi akhir berjalan dalam float32 tanpa gradien. Dengan float16, penskala loss membungkus backward dan step: langkah yang gradien terskalanya overflow dilewati (ditandai pada grafik ini) dan skalanya dibagi dua, lalu setelah %1 langkah bersih skalanya digandakan. bfloat16 tidak memerlukan penskala.</translation>
        </message>
        <message>
            <source>Eight bits: a scale per tensor, e5m2 for gradients</source>
            <translation>Delapan bit: satu skala per tensor, e5m2 untuk gradien</translation>
        </message>
        <message>
            <source>FP8 holds too few binades for raw values, so every tensor is multiplied by a scale that puts its largest value at the format's max (%1 for e4m3) before the cast. Gradients span more than e4m3 holds: cast to e4m3 (cpu:e4m3), about a quarter of the output gradients' non-zero elements become zero in the worst layer, while e5m2, the gradient format of the usual FP8 recipe (cpu:fp8), loses under 3%.</source>
            <translation>FP8 memuat terlalu sedikit binade untuk nilai mentah, jadi setiap tensor dikalikan dengan skala yang menaruh nilai terbesarnya di maksimum format (%1 untuk e4m3) sebelum cast. Gradien membentang lebih luas daripada yang dimuat e4m3: di-cast ke e4m3 (cpu:e4m3), sekitar seperempat elemen tak-nol gradien keluaran menjadi nol di lapisan terburuk, sedangkan e5m2, format gradien resep FP8 yang lazim (cpu:fp8), kehilangan di bawah 3%.</translation>
        </message>
        <message>
            <source>One run proves little: the Convergence check (Ctrl+5) trains every lane from several model seeds on the same data and evaluates each in float32. A lane is safe when its mean shift from float32 is within twice the larger of float32's seed-to-seed spread and its evaluation noise; a larger shift calls for an audit of the sensitive operations. Each verdict names the term that decided: on the underflow setup the seeds agree so closely that the evaluation noise sets the threshold; cpu:bf16 and cpu:f16+scaler safe, cpu:f16 audit.</source>
            <translation>Satu run belum membuktikan banyak: Uji konvergensi (Ctrl+5) melatih setiap lajur dari beberapa benih model pada data yang sama dan mengevaluasi masing-masing dalam float32. Sebuah lajur aman bila pergeseran rata-ratanya terhadap float32 tidak melebihi dua kali yang lebih besar antara sebaran antar-benih float32 dan derau evaluasinya; pergeseran yang lebih besar menuntut audit operasi yang sensitif. Setiap putusan menyebut suku yang menentukan: pada setelan underflow, hasil antar-benih begitu berdekatan sehingga derau evaluasilah yang menetapkan ambangnya; cpu:bf16 dan cpu:f16+scaler aman, cpu:f16 perlu audit.</translation>
        </message>
        <message>
            <source>Sensitive operations forced into the low format</source>
            <translation>Operasi sensitif dipaksa ke format rendah</translation>
        </message>
        <message>
            <source>The risk lies in accumulating operations. %1 values below 1 are summed one by one: float32 reaches about %2, bfloat16 stalls near 256 (its values there lie 2 apart, so adding less than 1 rounds back) and float16 near %3. Loss sums over large batches, long gradient accumulation and batch-norm statistics therefore stay in float32; autocast does most of this by default.</source>
            <translation>Risikonya ada pada operasi yang akumulatif. %1 nilai di bawah 1 dijumlahkan satu per satu: float32 mencapai sekitar %2, bfloat16 macet di dekat 256 (di sana nilai-nilainya berjarak 2, sehingga penambahan yang kurang dari 1 dibulatkan kembali) dan float16 di dekat %3. Karena itu penjumlahan loss pada batch besar, akumulasi gradien yang panjang, dan statistik batch normalization tetap pada float32; autocast sudah menangani sebagian besar secara bawaan.</translation>
        </message>
        <message>
            <source>The symptom: NaN in the first steps</source>
            <translation>Gejalanya: NaN pada langkah-langkah awal</translation>
        </message>
        <message>
            <source>The training loop</source>
            <translation>Siklus pelatihan</translation>
        </message>
        <message>
            <source>This run overrides autocast: log_softmax, the loss and its batch mean run in the lane's format. The %1 per-sample losses, each near %2, summed in bfloat16 stall at 512, so cpu:bf16 reports %3 instead of %2 from the first step. That is why autocast keeps losses (and on CUDA softmax and sums) in float32.</source>
            <translation>Run ini mengesampingkan autocast: log_softmax, loss, dan rata-rata batch-nya berjalan dalam format lajur. %1 loss per sampel, masing-masing sekitar %2, dijumlahkan dalam bfloat16 dan macet di 512, sehingga cpu:bf16 melaporkan %3, bukan %2, sejak langkah pertama. Itulah sebabnya autocast menjaga loss (dan pada CUDA juga softmax dan penjumlahan) tetap pada float32.</translation>
        </message>
        <message>
            <source>Two precisions, two roles</source>
            <translation>Dua presisi, dua peran</translation>
        </message>
        <message>
            <source>Watch for a loss that turns NaN in the first steps. Here float16's gradients exceed %1 in the first backward pass, the update writes NaN into the weights, and the NaN doctor names the layer and pass where the first inf appeared. The first remedies: a lower learning rate, or bfloat16, whose range is safer (cpu:bf16 trains on).</source>
            <translation>Waspadai loss yang menjadi NaN pada langkah-langkah awal. Di sini gradien float16 melampaui %1 pada backward pass pertama, pembaruan menuliskan NaN ke bobot, dan dokter NaN menyebut layer dan pass tempat inf pertama muncul. Penanganan pertama: menurunkan learning rate, atau beralih ke bfloat16 yang rentangnya lebih aman (cpu:bf16 terus berlatih).</translation>
        </message>
        <message>
            <source>autocast on the CPU: the tutorial's example</source>
            <translation>autocast pada CPU: contoh dari tutorial</translation>
        </message>
        <message>
            <source>bfloat16 has float32's exponent range and needs no special care; float16's range is narrow (smallest subnormal 2^-24, about 6e-8; largest %1). Here small gradients sink to zero in cpu:f16, whose underflow climbs to 100% while cpu:bf16's stays near zero. The loss scaler multiplies the loss by %2 before the backward pass, and cpu:f16+scaler's gradients fit again.</source>
            <translation>bfloat16 memiliki rentang eksponen float32 sehingga tidak perlu penanganan khusus; rentang float16 sempit (subnormal terkecil 2^-24, sekitar 6e-8; terbesar %1). Di sini gradien kecil tenggelam ke nol pada cpu:f16, yang underflow-nya naik sampai 100% sementara milik cpu:bf16 tetap mendekati nol. Penskala loss mengalikan loss dengan %2 sebelum backward pass, dan gradien cpu:f16+scaler kembali muat.</translation>
        </message>
        <message>
            <source>bfloat16 or float16: range and the loss scaler</source>
            <translation>bfloat16 atau float16: rentang dan penskala loss</translation>
        </message>
        <message>
            <source>float32 is the safe standard: its range keeps accumulated gradients intact, but its operations cost the most. bfloat16 and float16 make the large matrix products fast and halve the memory of activations. Mixed precision splits the roles, as this autocast policy shows: linear (the matrix products) runs in the lane's low format, the loss in float32.</source>
            <translation>float32 adalah standar yang aman: rentangnya menjaga gradien yang diakumulasi tetap utuh, tetapi operasinya paling mahal. bfloat16 dan float16 mempercepat perkalian matriks besar dan memangkas separuh memori aktivasi. Mixed precision membagi perannya, seperti yang ditunjukkan kebijakan autocast ini: linear (perkalian matriks) berjalan pada format rendah lajur, loss pada float32.</translation>
        </message>
        <message>
            <source>nn.Linear(256, 256) on a batch of 64 inputs, seed 0, computed in float32 and under autocast with bfloat16, as in the tutorial. The output is bfloat16, its mean |diff| from float32 is %1 and the direction correlation %2: the signal is intact at the precision training uses. On a GPU the calls are the same, with the device changed.</source>
            <translation>nn.Linear(256, 256) pada batch berisi 64 masukan, benih 0, dihitung dalam float32 dan di bawah autocast dengan bfloat16, seperti pada tutorial. Keluarannya bfloat16, selisih rata-rata terhadap float32 sebesar %1 dan korelasi arahnya %2: sinyalnya tetap utuh pada presisi yang dipakai pelatihan. Pada GPU pemanggilannya sama, hanya perangkatnya yang diganti.</translation>
        </message>
    </context>
    <context>
        <name>Preset</name>
        <message>
            <source>10,000 values of torch.rand summed one by one, the running sum held in each lane's format. In float32 the sum reaches about 5,000. In bfloat16 (8 significant bits) the sum stops growing near 256: there the spacing of bfloat16 values is 2, so adding a value below 1 rounds back to the same number. float16 (11 bits) stalls near 2048 for the same reason. This is why products are accumulated in float32 and why large reductions (loss sums over big batches, batch-norm statistics) stay in float32.</source>
            <translation>10.000 nilai torch.rand dijumlahkan satu per satu, dengan jumlah berjalan disimpan dalam format setiap lajur. Dalam float32 jumlahnya mencapai sekitar 5.000. Dalam bfloat16 (8 bit signifikan) jumlahnya berhenti bertambah di dekat 256: di sana jarak antarnilai bfloat16 adalah 2, sehingga menambahkan nilai di bawah 1 dibulatkan kembali ke bilangan yang sama. float16 (11 bit) macet di dekat 2048 karena alasan yang sama. Inilah sebabnya perkalian diakumulasi dalam float32 dan reduksi besar (penjumlahan loss pada batch besar, statistik batch normalization) tetap pada float32.</translation>
        </message>
        <message>
            <source>A regression with 256 small outputs (about 0.006 root mean square) averaged over a batch of 256: the loss gradient at each output is 2 (y - t) / 65536. Once the fit is within about 1e-3, that is below half of float16's smallest subnormal (2^-24, 6e-8) and rounds to zero, and every gradient behind it is then an exact zero. Watch the weight-gradient underflow of cpu:f16 jump and its loss flatten while cpu:f32 goes on to the noise floor. The loss scaler multiplies the loss by 65536 before the backward pass and the gradients fit again: cpu:f16+scaler trains like f32. bfloat16 has float32's exponent range and needs no scaler.</source>
            <translation>Regresi dengan 256 keluaran kecil (root mean square sekitar 0,006) dirata-ratakan atas batch berisi 256: gradien loss di setiap keluaran adalah 2 (y - t) / 65536. Begitu kecocokannya mencapai sekitar 1e-3, nilai itu di bawah separuh subnormal terkecil float16 (2^-24, 6e-8) dan dibulatkan ke nol, dan setiap gradien di belakangnya lalu menjadi nol persis. Perhatikan underflow gradien bobot cpu:f16 melonjak dan loss-nya mendatar, sementara cpu:f32 terus turun sampai batas derau. Penskala loss mengalikan loss dengan 65536 sebelum backward pass sehingga gradiennya muat kembali: cpu:f16+scaler berlatih seperti f32. bfloat16 memiliki rentang eksponen float32 dan tidak memerlukan penskala.</translation>
        </message>
        <message>
            <source>A spike in the data: delayed scaling clips it, then leaves e4m3's range unused; current scaling adapts</source>
            <translation>Lonjakan dalam data: delayed scaling memotongnya, lalu membiarkan rentang e4m3 tak terpakai; current scaling menyesuaikan diri</translation>
        </message>
        <message>
            <source>Accumulating in bfloat16 stalls near 256</source>
            <translation>Akumulasi dalam bfloat16 macet di dekat 256</translation>
        </message>
        <message>
            <source>Autocast keeps losses (and on CUDA softmax) in float32 for a reason. Here the policy is overridden: log_softmax, the loss and its batch mean run in the lane's format. At the start the 2048 per-sample losses all lie between 1 and 2, near ln 5 = 1.6. Summed in bfloat16 the sum climbs to 512 and stalls: there the spacing is 4, so adding 1.6 rounds back. The bf16 lane reports 512 / 2048 = 0.25 instead of 1.6 and stays far below the truth all run. float16 (11 bits) spaces its values 1 apart up to 2048 and 2 apart above, where every 1.6 rounds up to 2: the f16 lane starts about 15% high, less damage. With a loss scaler in float16 the loss gradient itself, 65536 in float16, is already inf: the first step is skipped and the scale backs off to 32768. Compare with the default policy: presisi train --preset sensitive-ops --op softmax=as-input,loss=f32,reduction=as-input</source>
            <translation>Autocast menjaga loss (dan pada CUDA softmax) tetap pada float32 dengan alasan. Di sini kebijakannya dikesampingkan: log_softmax, loss, dan rata-rata batch-nya berjalan dalam format lajur. Di awal, 2048 loss per sampel semuanya terletak antara 1 dan 2, dekat ln 5 = 1,6. Dijumlahkan dalam bfloat16, jumlahnya naik sampai 512 lalu macet: di sana jaraknya 4, sehingga menambahkan 1,6 dibulatkan kembali. Lajur bf16 melaporkan 512 / 2048 = 0,25, bukan 1,6, dan tetap jauh di bawah nilai sebenarnya sepanjang run. float16 (11 bit) memberi jarak 1 antarnilai sampai 2048 dan 2 di atasnya, tempat setiap 1,6 dibulatkan ke atas menjadi 2: lajur f16 mulai sekitar 15% terlalu tinggi, kerusakannya lebih kecil. Dengan penskala loss dalam float16, gradien loss itu sendiri, 65536 dalam float16, sudah inf: langkah pertama dilewati dan skala mundur ke 32768. Bandingkan dengan kebijakan bawaan: presisi train --preset sensitive-ops --op softmax=as-input,loss=f32,reduction=as-input</translation>
        </message>
        <message>
            <source>BatchNorm follows each hidden layer, and the spiral's inputs are scaled to ±0.2: after the first linear layer each feature is mostly its bias, up to ±0.7, with a small spread across the batch of 128 — a large offset and a small variance. PyTorch's CPU kernel computes the mean and the variance in float32 even for bfloat16 input, in two passes, and rounds only the output: the bf16 lane trains like float32 (final loss within 10%). The bf16+naive-stats lane computes them as x.pow(2).mean() - x.mean().pow(2) would on bfloat16 tensors: E[x²] and E[x]² agree in all 8 significant bits, their difference comes out negative for some features, and the normalised output is NaN from step 0; the NaN doctor names the normalisation and its negative variance. The same one-pass formula in float32 (f32+naive-stats) trains normally: 24 bits leave room for the difference. This is why normalisation statistics stay in float32: on CUDA autocast runs layer_norm in float32 outright.</source>
            <translation>BatchNorm mengikuti setiap layer tersembunyi, dan masukan spiral diskalakan ke ±0,2: setelah layer linear pertama setiap fitur sebagian besar adalah bias-nya, hingga ±0,7, dengan sebaran kecil di sepanjang batch berisi 128 — offset besar dan varians kecil. Kernel CPU PyTorch menghitung rata-rata dan varians dalam float32 bahkan untuk masukan bfloat16, dalam dua lintasan, dan hanya membulatkan keluarannya: lajur bf16 berlatih seperti float32 (loss akhir dalam 10%). Lajur bf16+naive-stats menghitungnya seperti x.pow(2).mean() - x.mean().pow(2) pada tensor bfloat16: E[x²] dan E[x]² sama pada kedelapan bit signifikannya, selisihnya menjadi negatif untuk sebagian fitur, dan keluaran yang dinormalisasi adalah NaN sejak langkah 0; dokter NaN menunjuk normalisasi dan variansnya yang negatif. Rumus satu lintasan yang sama dalam float32 (f32+naive-stats) berlatih normal: 24 bit menyisakan ruang untuk selisihnya. Inilah sebabnya statistik normalisasi tetap dalam float32: di CUDA, autocast menjalankan layer_norm langsung dalam float32.</translation>
        </message>
        <message>
            <source>BatchNorm statistics: float32 internals survive, naive bfloat16 ones turn NaN</source>
            <translation>Statistik BatchNorm: bagian dalam float32 bertahan, yang naif dalam bfloat16 menjadi NaN</translation>
        </message>
        <message>
            <source>Each step runs 4,096 micro-batches of one sample and sums their gradients (loss / 4096 each) before the optimizer steps, as training does when a batch does not fit in memory. The f32 and bf16 lanes sum in float32, as autocast's float32 parameters keep their gradients: they follow the full batch of 4,096 (the f32 lane's losses match a one-batch run's within 0.01%, the bf16 lane ends within 1% of it). The bf16+accum-low lane sums in bfloat16: once the running sum is a few hundred times one sample's contribution, adding it rounds back to the same value (the accumulation preset's stall near 256), and the small contributions are lost. Its first summed gradient has less than a third of the true norm (grad norm at step 0), and its loss stays behind the f32 lane's all run, at least 10% higher at the end.</source>
            <translation>Setiap langkah menjalankan 4.096 micro-batch berisi satu sampel dan menjumlahkan gradiennya (masing-masing loss / 4096) sebelum optimizer melangkah, seperti pelatihan ketika satu batch tidak muat di memori. Lajur f32 dan bf16 menjumlahkan dalam float32, seperti parameter float32 autocast menyimpan gradiennya: keduanya mengikuti batch penuh berisi 4.096 (loss lajur f32 sama dengan loss satu batch dalam 0,01%, lajur bf16 berakhir dalam 1% darinya). Lajur bf16+accum-low menjumlahkan dalam bfloat16: begitu jumlah berjalan beberapa ratus kali kontribusi satu sampel, menambahkannya membulat kembali ke nilai yang sama (macetnya preset accumulation di dekat 256), dan kontribusi kecil hilang. Gradien pertamanya yang dijumlahkan punya norma kurang dari sepertiga norma sebenarnya (norma gradien pada langkah 0), dan loss-nya tertinggal dari lajur f32 sepanjang run, setidaknya 10% lebih tinggi di akhir.</translation>
        </message>
        <message>
            <source>Every linear layer's input, weight and output gradient is cast with one scale per tensor that puts its largest value at the format's max. Below that the format reaches down a fixed number of binades: e4m3 about 17.8 (448 down to 2^-9), e5m2 about 31.8 (57344 down to 2^-16). The gradients of this classifier span more than e4m3 holds: from step 100 on, casting them to e4m3 (cpu:e4m3) zeroes about a quarter of their non-zero elements in the worst layer, while e5m2, the gradient format of the HYBRID recipe (cpu:fp8: e4m3 forward, e5m2 backward, torchao's and Transformer Engine's default), zeroes under 3%. Look at the Casts chart: output gradient, underflowed. The gradients lost are the smallest ones, so this small model still trains: both lanes end within 3% of float32's loss.</source>
            <translation>Masukan, bobot, dan gradien keluaran setiap layer linear di-cast dengan satu skala per tensor yang menaruh nilai terbesarnya di maks format. Di bawahnya format menjangkau sejumlah binade yang tetap: e4m3 sekitar 17,8 (448 turun sampai 2^-9), e5m2 sekitar 31,8 (57344 turun sampai 2^-16). Gradien pengklasifikasi ini membentang lebih lebar daripada yang dimuat e4m3: mulai langkah 100, meng-cast-nya ke e4m3 (cpu:e4m3) menolkan sekitar seperempat elemen bukan nolnya pada layer terburuk, sedangkan e5m2, format gradien resep HYBRID (cpu:fp8: e4m3 forward, e5m2 backward, bawaan torchao dan Transformer Engine), menolkan kurang dari 3%. Lihat grafik Cast: gradien keluaran, underflow. Gradien yang hilang adalah yang terkecil, sehingga model kecil ini tetap berlatih: kedua lajur berakhir dalam 3% dari loss float32.</translation>
        </message>
        <message>
            <source>FP4: NVFP4's finer scales against MXFP4, beside MXFP8 and bf16</source>
            <translation>FP4: skala NVFP4 yang lebih halus melawan MXFP4, di samping MXFP8 dan bf16</translation>
        </message>
        <message>
            <source>Four bits leave e2m1 eight magnitudes (0, 0.5, 1, 1.5, 2, 3, 4, 6): in FP4 everything rests on the scales. MXFP4 shares one power-of-two scale among 32 values (FLOOR, torchao's default); NVFP4 gives every 16 values an e4m3 scale under a float32 tensor scale, and trains with Transformer Engine's recipe: output gradients rounded stochastically, weights in 16 × 16 blocks, a Hadamard transform before the weight gradient. Over the run mxfp4 clips about 11% of the layer inputs and weights per step (the worst layer); nvfp4 clips nothing in any step, since its e4m3 scale puts each block's largest value within rounding of 6. Its input casts also err less than mxfp4's in every layer (median MSE 1.5 to 6 times smaller). The recipe has a price: stochastic rounding makes each output-gradient cast about twice as noisy as rounding to nearest (in exchange it has no bias), so nvfp4's gradient casts err more than mxfp4's in the first two layers. Both FP4 lanes end behind float32's evaluation loss of 0.71: mxfp4 at 0.95, nvfp4 at 0.76, while bf16 and mxfp8 end within 4% of float32. One run says little about nvfp4, whose figure moves with its rounding's random draws: over eight seeds it ends on average about 0.07 above float32 and mxfp4 about 0.14 (the Convergence check, Ctrl+5, runs such a comparison). Look at the Casts chart: saturated, input.</source>
            <translation>Empat bit menyisakan delapan besaran bagi e2m1 (0, 0.5, 1, 1.5, 2, 3, 4, 6): dalam FP4 semuanya bergantung pada skala. MXFP4 membagi satu skala pangkat dua untuk 32 nilai (FLOOR, bawaan torchao); NVFP4 memberi setiap 16 nilai skala e4m3 di bawah skala tensor float32, dan berlatih dengan resep Transformer Engine: gradien keluaran dibulatkan secara stokastik, bobot dalam blok 16 × 16, transformasi Hadamard sebelum gradien bobot. Sepanjang run mxfp4 memotong sekitar 11% masukan dan bobot lapisan per langkah (lapisan terburuk); nvfp4 tidak memotong apa pun di langkah mana pun, karena skala e4m3-nya menaruh nilai terbesar setiap blok dalam jarak pembulatan dari 6. Cast masukannya juga lebih kecil galatnya daripada mxfp4 di setiap lapisan (median MSE 1,5 sampai 6 kali lebih kecil). Resep ini ada harganya: pembulatan stokastik membuat setiap cast gradien keluaran sekitar dua kali lebih berderau daripada pembulatan ke terdekat (sebagai gantinya tanpa bias), sehingga cast gradien nvfp4 lebih besar galatnya daripada mxfp4 di dua lapisan pertama. Kedua lane FP4 tertinggal dari loss evaluasi float32 sebesar 0,71: mxfp4 di 0,95, nvfp4 di 0,76, sedangkan bf16 dan mxfp8 berakhir dalam 4% dari float32. Satu run tidak banyak bercerita tentang nvfp4, yang angkanya bergeser mengikuti undian acak pembulatannya: atas delapan seed rata-ratanya berakhir sekitar 0,07 di atas float32 dan mxfp4 sekitar 0,14 (Convergence check, Ctrl+5, menjalankan perbandingan seperti itu). Lihat grafik Cast: tersaturasi, masukan.</translation>
        </message>
        <message>
            <source>GradScaler doubles its scale after growth_interval clean steps (2000 by default; 50 here) and halves it whenever a scaled gradient overflows float16, skipping that step. The spiral's inputs are multiplied by 30, so the first gradients are large: starting from 2^16 the first steps overflow and the scale backs off to 2^14. Then it climbs in steps of 2 until it overflows again and backs off: a sawtooth between 2^14 and 2^17 that keeps the gradients as high in float16's range as they fit (between two back-offs the largest scaled weight gradient comes within a factor of 2 of 65504). Watch the scale chart and the skipped-step markers; the loss follows the float32 lane (final evaluation accuracy within 2 points).</source>
            <translation>GradScaler menggandakan skalanya setelah growth_interval langkah bersih (bawaannya 2000; di sini 50) dan membaginya dua setiap kali gradien terskala overflow pada float16, sambil melewati langkah itu. Masukan spiral dikalikan 30, sehingga gradien awalnya besar: mulai dari 2^16, langkah-langkah pertama overflow dan skala mundur ke 2^14. Lalu skala naik dengan kelipatan 2 sampai overflow lagi dan mundur: gigi gergaji antara 2^14 dan 2^17 yang menjaga gradien setinggi mungkin dalam rentang float16 (di antara dua kemunduran, gradien bobot terskala terbesar mencapai faktor 2 dari 65504). Perhatikan grafik skala dan penanda langkah yang dilewati; loss-nya mengikuti lajur float32 (akurasi evaluasi akhir selisih paling banyak 2 poin).</translation>
        </message>
        <message>
            <source>Gradient accumulation: sum in float32, not in bfloat16</source>
            <translation>Akumulasi gradien: jumlahkan dalam float32, bukan dalam bfloat16</translation>
        </message>
        <message>
            <source>Gradients in e4m3 underflow; e5m2's wider range keeps them (the HYBRID recipe)</source>
            <translation>Gradien dalam e4m3 underflow; rentang e5m2 yang lebih lebar mempertahankannya (resep HYBRID)</translation>
        </message>
        <message>
            <source>Here every weight lives in bfloat16 with no float32 master copy (+pure): after each optimizer step the float32 result is rounded back to bfloat16. At step 300 the hidden layer's weights are about 0.06 (median), where bfloat16 values lie 2^-12 (0.00024) apart, and the float32 master copy of the ordinary bf16 lane moves them by about 0.000004 per step: far below half that spacing. Rounded to nearest, such an update is lost: after step 300 more than 90% of the pure lane's hidden weights stay unchanged from one step to the next, and its loss ends about twice float32's. Stochastic rounding (+sr, torchao's rule: up with a probability equal to the lost fraction) keeps each update on average, and Kahan summation (+kahan) carries the lost remainder into the next step: both end within 1% of float32, as does the bf16 lane with float32 master weights, which never loses an update.</source>
            <translation>Di sini setiap bobot disimpan dalam bfloat16 tanpa salinan master float32 (+pure): setelah setiap langkah optimizer hasil float32 dibulatkan kembali ke bfloat16. Pada langkah 300 bobot layer tersembunyi sekitar 0,06 (median), tempat nilai-nilai bfloat16 berjarak 2^-12 (0,00024), dan salinan master float32 dari lajur bf16 biasa menggesernya sekitar 0,000004 per langkah: jauh di bawah setengah jarak itu. Dibulatkan ke terdekat, pembaruan seperti itu hilang: setelah langkah 300 lebih dari 90% bobot tersembunyi lajur pure tidak berubah dari satu langkah ke langkah berikutnya, dan loss-nya berakhir sekitar dua kali float32. Pembulatan stokastik (+sr, aturan torchao: naik dengan peluang sebesar bagian yang hilang) menjaga setiap pembaruan secara rata-rata, dan penjumlahan Kahan (+kahan) membawa sisa yang hilang ke langkah berikutnya: keduanya berakhir dalam 1% dari float32, begitu pula lajur bf16 dengan bobot master float32, yang tidak pernah kehilangan pembaruan.</translation>
        </message>
        <message>
            <source>Inputs of a few hundred and targets in the thousands: the gradients exceed float16's largest value 65504 and become inf in the first backward pass; the update writes NaN into the weights and the next loss is NaN (a silent failure that some users meet after an hour of training). bfloat16 keeps float32's range and trains. With the loss scaler the inf is caught: the step is skipped (weights untouched) and the scale is halved. These gradients exceed 65504 even unscaled, so the first 17 steps are skipped and the scale falls from 2^16 to 0.5 (GradScaler has no lower bound) before the scaled gradients fit and training proceeds. Look at the scale chart's skipped-step markers.</source>
            <translation>Masukan bernilai beberapa ratus dan target dalam ribuan: gradiennya melampaui nilai terbesar float16, 65504, dan menjadi inf pada backward pass pertama; pembaruan menuliskan NaN ke bobot dan loss berikutnya NaN (kegagalan diam-diam yang dialami sebagian pengguna setelah satu jam pelatihan). bfloat16 memiliki rentang float32 dan tetap berlatih. Dengan penskala loss, inf itu tertangkap: langkahnya dilewati (bobot tidak diubah) dan skalanya dibagi dua. Gradien ini melampaui 65504 bahkan tanpa penskalaan, sehingga 17 langkah pertama dilewati dan skala turun dari 2^16 ke 0,5 (GradScaler tidak punya batas bawah) sebelum gradien terskala muat dan pelatihan berlanjut. Perhatikan penanda langkah yang dilewati pada grafik skala.</translation>
        </message>
        <message>
            <source>MX formats share one power-of-two scale per block of 32 values along each product's reduction dimension (the first layer's two inputs make a block of two). FLOOR, the OCP rule and torchao's default, takes 2^(floor(log2 amax) - emax): the block's largest value lands between 256 and 512 for e4m3 (between 4 and 8 for e2m1), above the format's max of 448 (6) whenever its leading digits are large, and the cast clips it. RCEIL, Transformer Engine's rule, takes 2^ceil(log2(amax / max)) and never lands above the max. Over the run FLOOR clips on average about 7% of mxfp8's layer inputs and weights per step (the worst layer) and about 11% of mxfp4's; the RCEIL lanes clip nothing in any step. Losing the largest values costs mxfp4 most: with FLOOR it ends with an evaluation loss of 0.95 against 0.74 with RCEIL (float32: 0.71). mxfp8 keeps enough mantissa to hide it: both of its lanes end within 6% of float32's evaluation loss. Look at the Casts chart: saturated, input or weight.</source>
            <translation>Format MX berbagi satu skala pangkat dua per blok berisi 32 nilai sepanjang dimensi reduksi setiap perkalian (dua masukan layer pertama membentuk blok berisi dua). FLOOR, aturan OCP dan bawaan torchao, memakai 2^(floor(log2 amax) - emax): nilai terbesar blok jatuh di antara 256 dan 512 untuk e4m3 (di antara 4 dan 8 untuk e2m1), di atas maks format 448 (6) setiap kali digit depannya besar, dan cast menjepitnya. RCEIL, aturan Transformer Engine, memakai 2^ceil(log2(amax / maks)) dan tidak pernah jatuh di atas maks. Sepanjang run, FLOOR menjepit rata-rata sekitar 7% masukan layer dan bobot mxfp8 per langkah (layer terburuk) dan sekitar 11% milik mxfp4; lajur RCEIL tidak menjepit apa pun di langkah mana pun. Kehilangan nilai-nilai terbesar paling merugikan mxfp4: dengan FLOOR ia berakhir dengan loss evaluasi 0,95 dibanding 0,74 dengan RCEIL (float32: 0,71). mxfp8 menyimpan cukup mantisa untuk menyembunyikannya: kedua lajurnya berakhir dalam 6% dari loss evaluasi float32. Lihat grafik Cast: tersaturasi, masukan atau bobot.</translation>
        </message>
        <message>
            <source>MX scales: FLOOR clips block maxima, RCEIL does not</source>
            <translation>Skala MX: FLOOR menjepit maksimum blok, RCEIL tidak</translation>
        </message>
        <message>
            <source>Pure bfloat16 weights stagnate; stochastic rounding and Kahan summation keep them learning</source>
            <translation>Bobot bfloat16 murni mandek; pembulatan stokastik dan penjumlahan Kahan membuatnya terus belajar</translation>
        </message>
        <message>
            <source>The last of the 1024 training samples has its inputs multiplied by 200. With batches of 32 in order it comes round every 32 steps (steps 31, 63, 95, ...) and lifts the first layer's input amax from about 1 to 42. Current scaling (cpu:fp8, torchao's Float8Linear) takes every scale from the tensor being cast: on a spike step the scale drops for that step alone, nothing is clipped, and the other samples' inputs lose precision for one step (the cast's error grows about 15-fold). Delayed scaling (cpu:fp8+delayed+sat, Transformer Engine's recipe, here with a 16-step amax history) casts the spike with a scale from the steps before it: the amax lands at about 35 times e4m3's max, the outlier's two inputs are clipped to 448 (3.1% of the layer's input elements) and the cast's error is more than 100,000 times that of an ordinary step. For the next 16 steps the history holds the spike's amax, so the ordinary inputs use only about 2% of e4m3's range (amax × scale / 448) before the scale recovers. Look at the Casts chart: input, saturated, then range used, lowest layer. This small model shrugs both off: the three lanes end within 1% of one another.</source>
            <translation>Sampel latih terakhir dari 1024 sampel dikalikan masukannya dengan 200. Dengan batch berisi 32 secara berurutan, sampel itu muncul setiap 32 langkah (langkah 31, 63, 95, ...) dan menaikkan amax masukan layer pertama dari sekitar 1 menjadi 42. Current scaling (cpu:fp8, Float8Linear torchao) mengambil setiap skala dari tensor yang sedang di-cast: pada langkah lonjakan skalanya turun hanya untuk langkah itu, tidak ada yang dipotong, dan masukan sampel lain kehilangan presisi selama satu langkah (galat cast naik sekitar 15 kali). Delayed scaling (cpu:fp8+delayed+sat, resep Transformer Engine, di sini dengan riwayat amax 16 langkah) meng-cast lonjakan dengan skala dari langkah-langkah sebelumnya: amax-nya jatuh di sekitar 35 kali maks e4m3, dua masukan pencilan dijepit ke 448 (3,1% elemen masukan layer itu) dan galat cast-nya lebih dari 100.000 kali galat langkah biasa. Selama 16 langkah berikutnya riwayat menyimpan amax lonjakan, sehingga masukan biasa hanya memakai sekitar 2% rentang e4m3 (amax × skala / 448) sebelum skalanya pulih. Lihat grafik Cast: masukan, tersaturasi, lalu rentang terpakai, layer terendah. Model kecil ini tidak terganggu oleh keduanya: ketiga lajur berakhir dalam 1% satu sama lain.</translation>
        </message>
        <message>
            <source>The loss scaler grows and backs off</source>
            <translation>Penskala loss tumbuh dan mundur</translation>
        </message>
        <message>
            <source>float16 gradients sink to zero without a loss scaler</source>
            <translation>Gradien float16 tenggelam ke nol tanpa penskala loss</translation>
        </message>
        <message>
            <source>float16 overflows to inf and the loss turns NaN; bfloat16 survives</source>
            <translation>float16 overflow ke inf dan loss menjadi NaN; bfloat16 bertahan</translation>
        </message>
        <message>
            <source>softmax and the loss forced into the low format</source>
            <translation>softmax dan loss dipaksa ke format rendah</translation>
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <source>No space left on device</source>
            <translation>Ruang disk habis</translation>
        </message>
    </context>
    <context>
        <name>RecordStore</name>
        <message>
            <source>cannot create a temporary file in %1: %2</source>
            <translation>tidak dapat membuat berkas sementara di %1: %2</translation>
        </message>
        <message>
            <source>cannot read the temporary record file: %1</source>
            <translation>tidak dapat membaca berkas catatan sementara: %1</translation>
        </message>
        <message>
            <source>cannot write the temporary record file: %1</source>
            <translation>tidak dapat menulis berkas catatan sementara: %1</translation>
        </message>
    </context>
    <context>
        <name>RunController</name>
        <message>
            <source>failed</source>
            <translation>gagal</translation>
        </message>
        <message>
            <source>finished</source>
            <translation>selesai</translation>
        </message>
        <message>
            <source>paused</source>
            <translation>dijeda</translation>
        </message>
        <message>
            <source>ready</source>
            <translation>siap</translation>
        </message>
        <message>
            <source>running</source>
            <translation>berjalan</translation>
        </message>
        <message>
            <source>starting</source>
            <translation>memulai</translation>
        </message>
        <message>
            <source>stopping</source>
            <translation>menghentikan</translation>
        </message>
    </context>
    <context>
        <name>RunStepper</name>
        <message>
            <source>nothing to continue: the run was not started</source>
            <translation>tidak ada yang dilanjutkan: pelatihan belum dimulai</translation>
        </message>
        <message>
            <source>unknown engine failure</source>
            <translation>kegagalan mesin yang tidak diketahui</translation>
        </message>
    </context>
    <context>
        <name>StepAxes</name>
        <message>
            <source>%1  (log axis)</source>
            <translation>%1  (log)</translation>
        </message>
        <message>
            <source>%1  (log2 axis)</source>
            <translation>%1  (log2)</translation>
        </message>
    </context>
    <context>
        <name>cli</name>
        <message>
            <source>
window options:
  --page linear|training|formats|speed|convergence   open on this page
  --preset NAME                    load a training preset and start it
  --dark                           dark theme (for projectors)
  --pace STEPS_PER_SECOND          training pace (0: as fast as possible; presets bring their own)
  --screenshot FILE [--page P] [--preset NAME] [--steps N] [--size WxH] [--value V]
               [--text-scale F]    render the window off-screen to FILE (a .png) and exit;
                                   F: text size 1 to 2, as View &gt; Text larger
  --measure-responsiveness [--seconds S] [--json FILE]
                                   event-loop latency while four lanes train
  --measure-responsiveness --steps N [--json FILE]
                                   the soak: N steps of four lanes (2-16-3), resident memory
                                   sampled every second

window and commands:
  --lang en|id                     English or Bahasa Indonesia (default: the system's, LANG)

Exit status: 0 done, 1 a failure while running or writing, 2 a bad argument or a refused run,
130/143/129 interrupted by SIGINT/SIGTERM/SIGHUP ('train' writes the steps done; the other commands
leave their outputs as they were). See docs/CLI.md.

Run 'presisi &lt;command&gt; --help' for a command's options.
</source>
            <translation>
opsi jendela:
  --page linear|training|formats|speed|convergence   membuka halaman ini
  --preset NAMA                    memuat preset pelatihan lalu menjalankannya
  --dark                           tema gelap (untuk proyektor)
  --pace LANGKAH_PER_DETIK         laju pelatihan (0: secepat mungkin; preset membawa lajunya sendiri)
  --screenshot BERKAS [--page P] [--preset NAMA] [--steps N] [--size LxT] [--value V]
               [--text-scale F]    menggambar jendela tanpa layar ke BERKAS (.png) lalu keluar;
                                   F: ukuran teks 1 sampai 2, seperti Tampilan &gt; Teks lebih besar
  --measure-responsiveness [--seconds S] [--json BERKAS]
                                   latensi event loop selama empat lajur berlatih
  --measure-responsiveness --steps N [--json BERKAS]
                                   uji ketahanan: N langkah empat lajur (2-16-3), memori resident
                                   dicatat setiap detik

jendela dan perintah:
  --lang en|id                     English atau Bahasa Indonesia (bawaan: bahasa sistem, LANG)

Status keluar: 0 selesai, 1 kegagalan saat berjalan atau menulis, 2 argumen salah atau eksekusi ditolak,
130/143/129 dihentikan oleh SIGINT/SIGTERM/SIGHUP ('train' menulis langkah yang sudah selesai; perintah lain
membiarkan keluarannya seperti semula). Lihat docs/CLI.md.

Jalankan 'presisi &lt;perintah&gt; --help' untuk opsi sebuah perintah.
</translation>
        </message>
        <message>
            <source>  * left out of every lane: the seed's float32 run is an outlier</source>
            <translation>  * dikecualikan dari setiap lajur: pelatihan float32 seed ini adalah pencilan</translation>
        </message>
        <message>
            <source> seeded (%1)</source>
            <translation> dari seed (%1)</translation>
        </message>
        <message>
            <source> · saturating</source>
            <translation> · saturasi</translation>
        </message>
        <message>
            <source>%1 %2: format %3 | elements %4 | block %5 | scale %6 | scale mode %7 | overflow %8</source>
            <translation>%1 %2: format %3 | elemen %4 | blok %5 | skala %6 | mode skala %7 | overflow %8</translation>
        </message>
        <message>
            <source>%1 (%2 in blocks of %3 along in, e4m3 scales, a float32 tensor scale)</source>
            <translation>%1 (%2 dalam blok berisi %3 sepanjang in, skala e4m3, satu skala tensor float32)</translation>
        </message>
        <message>
            <source>%1 given twice</source>
            <translation>%1 diberikan dua kali</translation>
        </message>
        <message>
            <source>%1 needs a value</source>
            <translation>%1 memerlukan nilai</translation>
        </message>
        <message>
            <source>%1 s on %2 threads</source>
            <translation>%1 detik pada %2 thread</translation>
        </message>
        <message>
            <source>%1 s on 1 thread</source>
            <translation>%1 detik pada 1 thread</translation>
        </message>
        <message>
            <source>%1 takes no value</source>
            <translation>%1 tidak menerima nilai</translation>
        </message>
        <message>
            <source>%1 · %2 (%3 in blocks of %4 along in, e8m0 scales)</source>
            <translation>%1 · %2 (%3 dalam blok berisi %4 sepanjang in, skala e8m0)</translation>
        </message>
        <message>
            <source>%1 · per-tensor%2 (%3, one float32 scale max/amax)</source>
            <translation>%1 · per tensor%2 (%3, satu skala float32 maks/amax)</translation>
        </message>
        <message>
            <source>%1: +scaler, +pure, +sr, +kahan, +accum-low and +naive-stats are options of the training lanes; the linear lab computes one forward product</source>
            <translation>%1: +scaler, +pure, +sr, +kahan, +accum-low dan +naive-stats adalah opsi lajur pelatihan; lab linear menghitung satu perkalian maju</translation>
        </message>
        <message>
            <source>%1: tf32 runs on GPU lanes only</source>
            <translation>%1: tf32 hanya berjalan pada lajur GPU</translation>
        </message>
        <message>
            <source>'%1' given twice</source>
            <translation>'%1' diberikan dua kali</translation>
        </message>
        <message>
            <source>'%1' is where --json writes too: give the two outputs different files</source>
            <translation>'%1' juga tujuan --json: beri kedua keluaran berkas yang berbeda</translation>
        </message>
        <message>
            <source>'%1' should be KIND=POLICY with KIND linear, activation, softmax, loss, reduction or norm and POLICY low, f32 or as-input</source>
            <translation>'%1' seharusnya JENIS=KEBIJAKAN dengan JENIS linear, activation, softmax, loss, reduction atau norm dan KEBIJAKAN low, f32 atau as-input</translation>
        </message>
        <message>
            <source>'-' writes a binary .npy to standard output, which is a terminal here: redirect it or give a file</source>
            <translation>'-' menulis .npy biner ke keluaran standar, yang di sini adalah terminal: alihkan atau berikan sebuah berkas</translation>
        </message>
        <message>
            <source>(the reference the other lanes on %1 are compared with)</source>
            <translation>(acuan pembanding lajur-lajur lain di %1)</translation>
        </message>
        <message>
            <source>(this decimal is below float64's smallest normal 2.2250738585072014e-308: it is read as %1, and the errors below are against that, not against the number typed)</source>
            <translation>(desimal ini di bawah bilangan normal terkecil float64, 2.2250738585072014e-308: ia dibaca sebagai %1, dan galat di bawah diukur terhadap nilai itu, bukan terhadap bilangan yang diketik)</translation>
        </message>
        <message>
            <source>(this decimal is beyond float64's range, which ends at 1.7976931348623157e308: it is read as %1, and the errors below are against that, not against the number typed)</source>
            <translation>(desimal ini di luar jangkauan float64, yang berakhir di 1.7976931348623157e308: ia dibaca sebagai %1, dan galat di bawah diukur terhadap nilai itu, bukan terhadap bilangan yang diketik)</translation>
        </message>
        <message>
            <source>... %1 more blocks not shown (--json has every block)</source>
            <translation>... %1 blok lagi tidak ditampilkan (--json memuat semua blok)</translation>
        </message>
        <message>
            <source>FP8/MX lanes run on the CPU</source>
            <translation>lajur FP8/MX berjalan di CPU</translation>
        </message>
        <message>
            <source>FP8/MX lanes run on the CPU (use --device cpu or all)</source>
            <translation>lajur FP8/MX berjalan di CPU (pakai --device cpu atau all)</translation>
        </message>
        <message>
            <source>Presisi - a laboratory for mixed-precision numerics (float32, bfloat16, float16)

usage: presisi                      open the window on the tutorial's example
       presisi &lt;command&gt; [options]  run headless

commands:
</source>
            <translation>Presisi - laboratorium numerik presisi campuran (float32, bfloat16, float16)

pemakaian: presisi                      membuka jendela pada contoh dari tutorial
           presisi &lt;perintah&gt; [opsi]    berjalan tanpa jendela

perintah:
</translation>
        </message>
        <message>
            <source>SQNR of x / W</source>
            <translation>SQNR x / W</translation>
        </message>
        <message>
            <source>The tiny transformer: presisi train --model gpt --help
</source>
            <translation>Transformer kecil: presisi train --model gpt --help
</translation>
        </message>
        <message>
            <source>a float32 .npy tensor in FP8, MX or NVFP4 as torchao computes it: error per tensor and per block</source>
            <translation>tensor .npy float32 dalam FP8, MX atau NVFP4 seperti yang dihitung torchao: galat per tensor dan per blok</translation>
        </message>
        <message>
            <source>amax %1</source>
            <translation>amax %1</translation>
        </message>
        <message>
            <source>applies to the MX formats' e8m0 scales; %1 has none</source>
            <translation>berlaku untuk skala e8m0 format MX; %1 tidak memilikinya</translation>
        </message>
        <message>
            <source>applies to the per-tensor formats (e4m3, e5m2); %1 scales each block from its own amax</source>
            <translation>berlaku untuk format per tensor (e4m3, e5m2); %1 menskalakan setiap blok dari amax-nya sendiri</translation>
        </message>
        <message>
            <source>benchmarks: rounding, linear, train, memory, sweep, breakdown</source>
            <translation>tolok ukur: rounding, linear, train, memory, sweep, breakdown</translation>
        </message>
        <message>
            <source>cannot write '%1': %2</source>
            <translation>tidak dapat menulis '%1': %2</translation>
        </message>
        <message>
            <source>cannot write to standard output: %1</source>
            <translation>tidak dapat menulis ke keluaran standar: %1</translation>
        </message>
        <message>
            <source>convergence check: %1 seeds x %2 lanes, evaluation loss in float32</source>
            <translation>uji konvergensi: %1 seed x %2 lajur, loss evaluasi dalam float32</translation>
        </message>
        <message>
            <source>correlation</source>
            <translation>korelasi arah</translation>
        </message>
        <message>
            <source>empty file name</source>
            <translation>nama berkas kosong</translation>
        </message>
        <message>
            <source>empty file name (use '-' for standard output)</source>
            <translation>nama berkas kosong (pakai '-' untuk keluaran standar)</translation>
        </message>
        <message>
            <source>error %1 (rel %2)  neighbours %3 .. %4</source>
            <translation>galat %1 (relatif %2)  tetangga %3 .. %4</translation>
        </message>
        <message>
            <source>evaluation loss per seed:</source>
            <translation>loss evaluasi per seed:</translation>
        </message>
        <message>
            <source>expected a number from %1 to %2, got '%3'</source>
            <translation>diharapkan bilangan dari %1 sampai %2, didapat '%3'</translation>
        </message>
        <message>
            <source>expected an integer from %1 to %2, got '%3'</source>
            <translation>diharapkan bilangan bulat dari %1 sampai %2, didapat '%3'</translation>
        </message>
        <message>
            <source>expected an integer seed (as torch.manual_seed takes), got '%1'</source>
            <translation>diharapkan seed bilangan bulat (seperti yang diterima torch.manual_seed), didapat '%1'</translation>
        </message>
        <message>
            <source>expected cpu, gpu or all, got '%1'</source>
            <translation>diharapkan cpu, gpu atau all, didapat '%1'</translation>
        </message>
        <message>
            <source>final after %1 steps</source>
            <translation>hasil akhir setelah %1 langkah</translation>
        </message>
        <message>
            <source>give a format (%1)</source>
            <translation>berikan sebuah format (%1)</translation>
        </message>
        <message>
            <source>give at least one VALUE to inspect</source>
            <translation>berikan paling sedikit satu NILAI untuk diperiksa</translation>
        </message>
        <message>
            <source>give at least one size</source>
            <translation>berikan paling sedikit satu ukuran</translation>
        </message>
        <message>
            <source>give the .npy file to quantize</source>
            <translation>berikan berkas .npy yang akan dikuantisasi</translation>
        </message>
        <message>
            <source>give the lanes with their options (cpu:f16+ftz), not with --%1</source>
            <translation>berikan lajur beserta opsinya (cpu:f16+ftz), bukan dengan --%1</translation>
        </message>
        <message>
            <source>given amax %1 (the tensor's: %2)</source>
            <translation>amax yang diberikan %1 (milik tensor: %2)</translation>
        </message>
        <message>
            <source>has %1 values per row; %2 blocks hold %3</source>
            <translation>memiliki %1 nilai per baris; blok %2 berisi %3</translation>
        </message>
        <message>
            <source>has no values (shape %1)</source>
            <translation>tidak memiliki nilai (bentuk %1)</translation>
        </message>
        <message>
            <source>how values are stored in f32, bf16, f16 and the FP8/FP6/FP4/e8m0 formats: bits, class, rounding error, neighbours</source>
            <translation>cara nilai disimpan dalam f32, bf16, f16 dan format FP8/FP6/FP4/e8m0: bit, kelas, galat pembulatan, tetangga</translation>
        </message>
        <message>
            <source>interrupted (%1); nothing written</source>
            <translation>dihentikan (%1); tidak ada yang ditulis</translation>
        </message>
        <message>
            <source>interrupted after %1 of %2 steps</source>
            <translation>dihentikan setelah %1 dari %2 langkah</translation>
        </message>
        <message>
            <source>key moments</source>
            <translation>momen kunci</translation>
        </message>
        <message>
            <source>lane '%1' given twice</source>
            <translation>lajur '%1' diberikan dua kali</translation>
        </message>
        <message>
            <source>list the training presets (underflow, overflow-nan, scaler-growth, ...)</source>
            <translation>daftar preset pelatihan (underflow, overflow-nan, scaler-growth, ...)</translation>
        </message>
        <message>
            <source>max absolute difference</source>
            <translation>selisih mutlak maksimum</translation>
        </message>
        <message>
            <source>mean absolute difference</source>
            <translation>selisih rata-rata</translation>
        </message>
        <message>
            <source>must be float32, got %1</source>
            <translation>harus float32, didapat %1</translation>
        </message>
        <message>
            <source>must have 1 or 2 dimensions (a row, or rows x columns), got shape %1</source>
            <translation>harus berdimensi 1 atau 2 (satu baris, atau baris x kolom), didapat bentuk %1</translation>
        </message>
        <message>
            <source>needs a .npy file</source>
            <translation>memerlukan berkas .npy</translation>
        </message>
        <message>
            <source>needs a directory</source>
            <translation>memerlukan direktori</translation>
        </message>
        <message>
            <source>nn.Linear(%1, %2) on x = randn(%3, %1), seed %4</source>
            <translation>nn.Linear(%1, %2) pada x = randn(%3, %1), seed %4</translation>
        </message>
        <message>
            <source>no lane given</source>
            <translation>tidak ada lajur yang diberikan</translation>
        </message>
        <message>
            <source>non-zero to zero, x / W</source>
            <translation>bukan nol menjadi nol, x / W</translation>
        </message>
        <message>
            <source>none</source>
            <translation>tak ada</translation>
        </message>
        <message>
            <source>not a number: '%1'</source>
            <translation>bukan bilangan: '%1'</translation>
        </message>
        <message>
            <source>not with --preset (the file holds the whole scenario)</source>
            <translation>tidak bersama --preset (berkas itu memuat seluruh skenario)</translation>
        </message>
        <message>
            <source>note: a tensor scale of 0 makes every block scale 0/0 = NaN, as torchao's nvfp4 cast gives; Transformer Engine's recipe (and the training lanes) scales such a tensor by 1 and keeps its zeros</source>
            <translation>catatan: skala tensor 0 membuat setiap skala blok 0/0 = NaN, seperti hasil cast nvfp4 torchao; resep Transformer Engine (dan lajur pelatihan) menskalakan tensor seperti itu dengan 1 dan mempertahankan nol-nolnya</translation>
        </message>
        <message>
            <source>out of memory (try smaller sizes)</source>
            <translation>memori habis (coba ukuran yang lebih kecil)</translation>
        </message>
        <message>
            <source>output dtype</source>
            <translation>presisi keluaran autocast</translation>
        </message>
        <message>
            <source>relative L2 error</source>
            <translation>galat L2 relatif</translation>
        </message>
        <message>
            <source>run one: %1</source>
            <translation>jalankan salah satunya: %1</translation>
        </message>
        <message>
            <source>run: %1</source>
            <translation>jalankan: %1</translation>
        </message>
        <message>
            <source>saturated, x / W</source>
            <translation>tersaturasi, x / W</translation>
        </message>
        <message>
            <source>saved %1 files in %2 (manifest.json lists them)</source>
            <translation>%1 berkas disimpan di %2 (manifest.json mendaftarnya)</translation>
        </message>
        <message>
            <source>saves beside --save DIR; give --save too</source>
            <translation>menyimpan di samping --save DIR; berikan juga --save</translation>
        </message>
        <message>
            <source>tensor scale %1 = amax / (448*6), amax %2</source>
            <translation>skala tensor %1 = amax / (448*6), amax %2</translation>
        </message>
        <message>
            <source>tensor scale %1 = max / amax, from %2</source>
            <translation>skala tensor %1 = maks / amax, dari %2</translation>
        </message>
        <message>
            <source>tensor: MSE %1 | SQNR %2 dB | max abs error %3 | saturated %4 | underflow %5 | %6 elements</source>
            <translation>tensor: MSE %1 | SQNR %2 dB | galat mutlak maks %3 | tersaturasi %4 | underflow %5 | %6 elemen</translation>
        </message>
        <message>
            <source>the convergence check needs a training setup, not '%1'</source>
            <translation>uji konvergensi memerlukan persiapan pelatihan, bukan '%1'</translation>
        </message>
        <message>
            <source>the convergence check: every lane over K seeds against the f32 lane's seed spread</source>
            <translation>uji konvergensi: setiap lajur atas K seed dibandingkan dengan sebaran seed lajur f32</translation>
        </message>
        <message>
            <source>the tutorial's nn.Linear example in f32, bf16 and f16 lanes, with error metrics</source>
            <translation>contoh nn.Linear dari tutorial pada lajur f32, bf16 dan f16, beserta ukuran galatnya</translation>
        </message>
        <message>
            <source>train a small MLP (or, with --model gpt, a tiny transformer) in several lanes: loss, gradient underflow, loss scaler</source>
            <translation>melatih MLP kecil (atau, dengan --model gpt, transformer kecil) di beberapa lajur: loss, gradien yang tenggelam ke nol, penskala loss</translation>
        </message>
        <message>
            <source>unexpected argument '%1'</source>
            <translation>argumen '%1' tidak diharapkan</translation>
        </message>
        <message>
            <source>unknown activation '%1' (%2)</source>
            <translation>aktivasi '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown benchmark '%1' (known: %2)</source>
            <translation>tolok ukur '%1' tidak dikenal (yang dikenal: %2)</translation>
        </message>
        <message>
            <source>unknown command '%1' (try 'presisi --help')</source>
            <translation>perintah '%1' tidak dikenal (coba 'presisi --help')</translation>
        </message>
        <message>
            <source>unknown dataset '%1' (%2; --data for .npy)</source>
            <translation>set data '%1' tidak dikenal (%2; --data untuk .npy)</translation>
        </message>
        <message>
            <source>unknown format '%1' (known: %2)</source>
            <translation>format '%1' tidak dikenal (yang dikenal: %2)</translation>
        </message>
        <message>
            <source>unknown loss '%1' (%2)</source>
            <translation>loss '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown normalisation '%1' (%2)</source>
            <translation>normalisasi '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown optimizer '%1' (%2)</source>
            <translation>optimizer '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown option '%1'</source>
            <translation>opsi '%1' tidak dikenal</translation>
        </message>
        <message>
            <source>unknown policy '%1' (%2)</source>
            <translation>kebijakan '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown value '%1' (%2)</source>
            <translation>nilai '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>usage: presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--repeats 5]
                          [--json FILE|-]
  Achieved TFLOP/s of C = A B per lane: CPU f32 (the lanes' product: oneDNN with AVX-512, else Eigen;
  one thread), f32 eigen, f32 oneDNN,
  bf16/f16 native (oneDNN, where this CPU has the instructions), bf16/f16 emulated; GPU f32, tf32, bf16,
  f16, f16+acc16 (cuBLAS, CUDA events). Square m = n = k = size, or --layer: batch 256 x size -&gt; size.
  Warm-up, then the median of interleaved repeats; random inputs in [-1, 1).
  PRESISI_FORCE_EMULATED=1 simulates a CPU without native bf16/f16.
</source>
            <translation>pemakaian: presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--repeats 5]
                              [--json BERKAS|-]
  TFLOP/s yang dicapai C = A B per lajur: CPU f32 (perkalian yang dipakai lajur: oneDNN dengan AVX-512,
  selain itu Eigen; satu thread), f32 eigen, f32 oneDNN, bf16/f16 bawaan (oneDNN, bila CPU ini memiliki
  instruksinya), bf16/f16 emulasi; GPU f32, tf32, bf16, f16, f16+acc16 (cuBLAS, event CUDA). Persegi
  m = n = k = ukuran, atau --layer: batch 256 x ukuran -&gt; ukuran. Pemanasan, lalu median dari pengulangan
  yang diselang-seling; masukan acak dalam [-1, 1).
  PRESISI_FORCE_EMULATED=1 menirukan CPU tanpa bf16/f16 bawaan.
</translation>
        </message>
        <message>
            <source>usage: presisi bench memory    [--preset NAME | train's setup options] [--batch B] [--budget BYTES] [--json FILE|-]
       (each also takes --device cpu|gpu|all)
       presisi bench sweep     [--preset NAME | train's setup options] [--budget BYTES] [--batches 1,8,64]
                               [--max-batch 16384] [--steps 1] [--repeats 5] [--json FILE|-]
       presisi bench breakdown [--preset NAME | train's setup options] [--batch B] [--loader-ms MS]
                               [--steps 30] [--json FILE|-]

memory:    bytes per lane (weights, f32 master weights, gradients, activations kept for backward,
           optimizer state) at the batch, and the largest batch that fits the budget
sweep:     training samples/s against batch size per lane up to the memory limit; the knee is the
           smallest batch reaching 90% of the lane's best. Each point is --repeats rounds (default 5),
           the lanes' rounds interleaved; a round lasts at least 20 ms and --steps steps (default 1):
           samples/s from the median round, spread = (slowest - fastest round) / median
breakdown: one step split into data, transfer, forward, backward, optimizer (medians of --steps);
           --loader-ms is the built-in loader's cost per batch; the largest part is named
--budget:  bytes, or with K/M/G/T (powers of 1024), e.g. 512M, 2G; default: the host's MemAvailable
           (GPU lanes: the device's free memory)
--device cpu|gpu|all: the scenario's lanes on that device (moved there when none is); all: both, each so
</source>
            <translation>pemakaian: presisi bench memory    [--preset NAMA | opsi persiapan train] [--batch B] [--budget BYTE] [--json BERKAS|-]
           (masing-masing juga menerima --device cpu|gpu|all)
           presisi bench sweep     [--preset NAMA | opsi persiapan train] [--budget BYTE] [--batches 1,8,64]
                                   [--max-batch 16384] [--steps 1] [--repeats 5] [--json BERKAS|-]
           presisi bench breakdown [--preset NAMA | opsi persiapan train] [--batch B] [--loader-ms MS]
                                   [--steps 30] [--json BERKAS|-]

memory:    byte per lajur (bobot, bobot master f32, gradien, aktivasi yang disimpan untuk backward,
           state optimizer) pada batch itu, dan batch terbesar yang muat dalam anggaran
sweep:     sampel pelatihan per detik terhadap ukuran batch per lajur sampai batas memori; lututnya
           adalah batch terkecil yang mencapai 90% dari yang terbaik di lajur itu. Setiap titik
           terdiri atas --repeats putaran (bawaan 5), putaran antarlajur diselang-seling; satu
           putaran berlangsung paling sedikit 20 ms dan --steps langkah (bawaan 1): sampel/detik
           dari putaran median, sebaran = (putaran paling lambat - paling cepat) / median
breakdown: satu langkah dipecah menjadi data, transfer, forward, backward, optimizer (median dari --steps);
           --loader-ms adalah biaya pemuat bawaan per batch; bagian terbesar disebutkan
--budget:  byte, atau dengan K/M/G/T (pangkat 1024), mis. 512M, 2G; bawaan: MemAvailable milik host
           (lajur GPU: memori bebas perangkat)
--device cpu|gpu|all: lajur skenario di perangkat itu (dipindahkan ke sana bila tidak ada); all: keduanya,
           masing-masing
</translation>
        </message>
        <message>
            <source>usage: presisi bench rounding [--elements N] [--repeats R] [--json]   (also e4m3/e5m2 encoding)
       presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--json FILE|-]
       presisi bench linear [--batch 1024] [--in 4096] [--out 4096] [--repeats R] [--device cpu|gpu|all] [--json]
       presisi bench train [--sizes 2,64,64,3] [--batch 256] [--steps 2000] [--threads 1] [--lanes …] [--json]
       presisi bench memory|sweep|breakdown [--preset NAME | train's setup options] [--batch B]
                            [--budget BYTES] [--loader-ms MS] [--json FILE|-]   (--help: their options)
</source>
            <translation>pemakaian: presisi bench rounding [--elements N] [--repeats R] [--json]   (juga pengodean e4m3/e5m2)
           presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--json BERKAS|-]
           presisi bench linear [--batch 1024] [--in 4096] [--out 4096] [--repeats R] [--device cpu|gpu|all] [--json]
           presisi bench train [--sizes 2,64,64,3] [--batch 256] [--steps 2000] [--threads 1] [--lanes …] [--json]
           presisi bench memory|sweep|breakdown [--preset NAMA | opsi persiapan train] [--batch B]
                                [--budget BYTE] [--loader-ms MS] [--json BERKAS|-]   (--help: opsinya)
</translation>
        </message>
        <message>
            <source>usage: presisi check [--preset NAME | setup options as for train] [--seeds K] [--first-seed S]
                     [--threads N] [--json FILE|-]

The convergence check: trains every lane from K model seeds (default 5: seeds S..S+K-1, S = 0) on
identical data, evaluates each run in float32 without gradients, and judges every lane against the
float32 lane: "safe" when its mean evaluation loss is within twice the larger of the float32
lane's seed spread and its evaluation noise (each verdict names which one decided), "audit" when
the shift is larger or a run went non-finite. A seed whose float32 run is an outlier (a run that
did not learn) is left out of every lane and named. The rule is printed with the table.
Seeds run in parallel (--threads, default: every core).

setup:     the options of `presisi train` (--preset, --sizes, --lanes, --lr, --steps, ...;
           see presisi train --help). Statistics are off: they change no result, only the time.
output:    --json FILE|-  (lanes with lane, mean, spread, verdict, reason; the rule, threshold and
           threshold_from (seed_spread or evaluation_noise); excluded_seeds; every seed's run)
Ctrl+C (SIGINT), SIGTERM or SIGHUP stops the check within a step: nothing is written, the exit status
is 130, 143 or 129.
Exit status: 0 done (whatever the verdicts), 1 a failure while running or writing, 2 a bad argument.
</source>
            <translation>pemakaian: presisi check [--preset NAMA | opsi persiapan seperti train] [--seeds K] [--first-seed S]
                         [--threads N] [--json BERKAS|-]

Uji konvergensi: melatih setiap lajur dari K seed model (bawaan 5: seed S..S+K-1, S = 0) pada data
yang identik, mengevaluasi setiap pelatihan dalam float32 tanpa gradien, lalu menilai setiap lajur
terhadap lajur float32: "safe" (aman) bila rata-rata loss evaluasinya berada dalam dua kali yang
lebih besar antara sebaran seed lajur float32 dan derau evaluasinya (setiap putusan menyebut mana
yang menentukan), "audit" (periksa) bila pergeserannya lebih besar atau ada pelatihan yang menjadi
tak hingga/NaN. Seed yang pelatihan float32-nya pencilan (pelatihan yang tidak belajar)
dikecualikan dari setiap lajur dan disebutkan. Aturannya dicetak bersama tabel. Seed dijalankan
paralel (--threads, bawaan: semua inti).

persiapan: opsi `presisi train` (--preset, --sizes, --lanes, --lr, --steps, ...;
           lihat presisi train --help). Statistik dimatikan: tidak mengubah hasil, hanya waktunya.
keluaran:  --json BERKAS|-  (lajur dengan lane, mean, spread, verdict, reason; aturannya,
           threshold dan threshold_from (seed_spread atau evaluation_noise); excluded_seeds;
           pelatihan setiap seed)
Ctrl+C (SIGINT), SIGTERM atau SIGHUP menghentikan uji dalam satu langkah: tidak ada yang ditulis, status
keluar 130, 143 atau 129.
Status keluar: 0 selesai (apa pun penilaiannya), 1 kegagalan saat berjalan atau menulis, 2 argumen salah.
</translation>
        </message>
        <message>
            <source>usage: presisi inspect VALUE... [--formats f32,bf16,f16] [--from decimal|f32] [--saturate] [--json]

Shows, per format, the value stored for each VALUE (rounded to nearest, ties to even), its
bits (hex and sign/exponent/mantissa), its class, the rounding error and the neighbouring
representable values ("none" where there is none). Negative values are values:
presisi inspect -0.1 -0 1e-8 65520
--formats: f32, bf16, f16 and the formats of 8 bits and below: e4m3 and e5m2 (FP8), e3m2 and
e2m3 (FP6), e2m1 (FP4), e8m0 (the MX block scale: powers of two, no sign, no zero); the dtype
names (float8_e4m3fn, float8_e5m2, float6_e3m2fn, float6_e2m3fn, float4_e2m1fn, float8_e8m0fnu)
work too. Beyond the largest finite value the default follows ml_dtypes (the OCP conversion):
e4m3 gives NaN, e5m2 and f32/bf16/f16 give inf, FP6/FP4 saturate to their largest value.
--saturate: every format gives +-max instead (torch's eager e4m3 cast, Transformer Engine's
satfinite, torchao's clamp before the cast). NaN into FP6/FP4 (which have no NaN) gives the
zero of the opposite sign, as ml_dtypes does; zero and negatives into e8m0 give its NaN.
--from decimal (the default): the decimal VALUE is read exactly (as a double) and rounded once to
each format. --from f32: it is rounded to float32 first and then to the format, as a float32
tensor cast to bf16 or f16 is (torch.tensor(VALUE).to(torch.bfloat16)); the two differ where the
first rounding lands on a tie of the second. The error is always against the decimal VALUE.
</source>
            <translation>pemakaian: presisi inspect NILAI... [--formats f32,bf16,f16] [--from decimal|f32] [--saturate] [--json]

Menampilkan, untuk setiap format, nilai yang tersimpan bagi setiap NILAI (dibulatkan ke yang terdekat,
seri ke genap), bit-bitnya (heksadesimal serta tanda/eksponen/mantisa), kelasnya, galat pembulatan dan
nilai-nilai terwakili di sebelahnya ("tak ada" bila tidak ada). Nilai negatif tetap nilai:
presisi inspect -0.1 -0 1e-8 65520
--formats: f32, bf16, f16 dan format 8 bit ke bawah: e4m3 dan e5m2 (FP8), e3m2 dan e2m3 (FP6),
e2m1 (FP4), e8m0 (skala blok MX: pangkat dua, tanpa tanda, tanpa nol); nama dtype
(float8_e4m3fn, float8_e5m2, float6_e3m2fn, float6_e2m3fn, float4_e2m1fn, float8_e8m0fnu) juga
dapat dipakai. Di atas nilai hingga terbesar, bawaannya mengikuti ml_dtypes (konversi OCP):
e4m3 menghasilkan NaN, e5m2 dan f32/bf16/f16 menghasilkan inf, FP6/FP4 tersaturasi ke nilai
terbesarnya.
--saturate: setiap format menghasilkan +-maks sebagai gantinya (cast eager e4m3 milik torch,
satfinite milik Transformer Engine, clamp torchao sebelum cast). NaN ke FP6/FP4 (yang tidak punya
NaN) menghasilkan nol bertanda berlawanan, seperti ml_dtypes; nol dan bilangan negatif ke e8m0
menghasilkan NaN-nya.
--from decimal (bawaan): NILAI desimal dibaca persis (sebagai double) lalu dibulatkan sekali ke
setiap format. --from f32: dibulatkan dulu ke float32 lalu ke format itu, seperti tensor float32
yang diubah ke bf16 atau f16 (torch.tensor(NILAI).to(torch.bfloat16)); keduanya berbeda bila
pembulatan pertama jatuh tepat di titik seri pembulatan kedua. Galat selalu terhadap NILAI desimal.
</translation>
        </message>
        <message>
            <source>usage: presisi linear [--in N] [--out M] [--batch B] [--seed S] [--formats f32,tf32,bf16,f16,mxfp8,…]
                      [--device cpu|gpu|all] [--acc16] [--ftz] [--native] [--json]
       presisi linear [--in N] [--out M] [--batch B] [--seed S] --lanes cpu:f32,cpu:bf16,cpu:mxfp8+rceil,…
       presisi linear --x X.npy [--weight W.npy] [--bias B.npy] [--formats …|--lanes …] [--save DIR [--save-inputs]]

Runs torch.manual_seed(S); lin = nn.Linear(N, M); x = torch.randn(B, N) and the layer's output
in each format: the low formats round x, W and b, accumulate in float32 and round the output
(autocast). Defaults are the tutorial's: 256, 256, 64, seed 0.
  --x X.npy       your own x, shape (..., in): its leading dimensions are the batch, as F.linear takes it
  --weight W.npy  your own W, shape (out, in) as nn.Linear stores it; without --bias no bias is added
  --bias B.npy    your own b, shape (out,)
                  .npy files in float32 ('&lt;f4'), float16 ('&lt;f2') or bfloat16 bits as uint16 ('&lt;u2':
                  t.view(torch.int16).numpy().view(np.uint16)); a tensor not given is the seeded one
  --save DIR      every lane's output as DIR/&lt;lane&gt;.npy (float32, e.g. cpu_bf16.npy) and DIR/manifest.json;
                  DIR appears whole or not at all (a new or empty directory, or one an earlier --save wrote)
  --save-inputs   also the x, W and b each lane multiplied (&lt;lane&gt;.x.npy, .weight.npy, .bias.npy)
  --acc16  accumulate in the storage format instead (a demonstration of why nobody does)
  --ftz    flush subnormal results to zero
  --native beside each CPU bf16/f16 lane, the same product on the CPU's native low-precision
           instructions (oneDNN, float32 accumulation); where the CPU has none it runs emulated and says so
  tf32     (GPU lanes only) f32 products on tensor cores with inputs rounded to TF32
  --lanes  the lanes themselves, instead of --formats, --device and the options above: device:format
           with options (cpu:f16+ftz, gpu:tf32, cpu:bf16+native, cpu:mxfp4+rceil, cpu:e4m3+sat)

Lanes of 8 bits and below (CPU only): x and W are quantised along `in` (the reduction dimension),
the dequantised values multiplied with float32 accumulation, the bias added and the output kept in
float32; bias and output are not quantised.
  e4m3, e5m2      one float32 scale per tensor, max/amax (torchao's tensorwise recipe);
                  +sat clamps to ±max instead of the OCP overflow (NaN in e4m3, inf in e5m2)
  mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4
                  blocks of 32 sharing an e8m0 scale; the scale mode +floor (default, OCP), +ceil,
                  +even or +rceil (Transformer Engine); elements saturate
  nvfp4           e2m1 in blocks of 16 with an e4m3 scale, and a float32 tensor scale
  `in` must be a multiple of the block size (32; nvfp4 16).
</source>
            <translation>pemakaian: presisi linear [--in N] [--out M] [--batch B] [--seed S] [--formats f32,tf32,bf16,f16,mxfp8,…]
                          [--device cpu|gpu|all] [--acc16] [--ftz] [--native] [--json]
           presisi linear [--in N] [--out M] [--batch B] [--seed S] --lanes cpu:f32,cpu:bf16,cpu:mxfp8+rceil,…
           presisi linear --x X.npy [--weight W.npy] [--bias B.npy] [--formats …|--lanes …] [--save DIR [--save-inputs]]

Menjalankan torch.manual_seed(S); lin = nn.Linear(N, M); x = torch.randn(B, N) lalu menghitung keluaran
lapisan itu dalam setiap format: format rendah membulatkan x, W dan b, mengakumulasi dalam float32 lalu
membulatkan keluarannya (autocast). Nilai bawaan mengikuti tutorial: 256, 256, 64, seed 0.
  --x X.npy       x milik Anda, bentuk (..., in): dimensi-dimensi depannya menjadi batch, seperti F.linear
  --weight W.npy  W milik Anda, bentuk (out, in) seperti disimpan nn.Linear; tanpa --bias tidak ada bias
  --bias B.npy    b milik Anda, bentuk (out,)
                  berkas .npy dalam float32 ('&lt;f4'), float16 ('&lt;f2') atau bit bfloat16 sebagai uint16 ('&lt;u2':
                  t.view(torch.int16).numpy().view(np.uint16)); tensor yang tidak diberikan diambil dari seed
  --save DIR      keluaran setiap lajur sebagai DIR/&lt;lajur&gt;.npy (float32, mis. cpu_bf16.npy) dan
                  DIR/manifest.json; DIR muncul utuh atau tidak sama sekali (direktori baru atau kosong,
                  atau yang ditulis --save sebelumnya)
  --save-inputs   juga x, W dan b yang dikalikan setiap lajur (&lt;lajur&gt;.x.npy, .weight.npy, .bias.npy)
  --acc16  mengakumulasi dalam format penyimpanan (peragaan mengapa hal itu tidak pernah dilakukan)
  --ftz    hasil subnormal dibulatkan ke nol
  --native di samping setiap lajur bf16/f16 CPU, perkalian yang sama dengan instruksi presisi rendah
           bawaan CPU (oneDNN, akumulasi float32); bila CPU tidak memilikinya, lajur itu diemulasikan dan
           hal itu disebutkan
  tf32     (hanya lajur GPU) perkalian f32 pada tensor core dengan masukan dibulatkan ke TF32
  --lanes  lajur-lajurnya langsung, sebagai ganti --formats, --device dan opsi di atas:
           perangkat:format beserta opsinya (cpu:f16+ftz, gpu:tf32, cpu:bf16+native, cpu:mxfp4+rceil,
           cpu:e4m3+sat)

Lajur 8 bit ke bawah (hanya CPU): x dan W dikuantisasi sepanjang `in` (dimensi reduksi), nilai hasil
dekuantisasi dikalikan dengan akumulasi float32, bias ditambahkan dan keluaran tetap dalam float32;
bias dan keluaran tidak dikuantisasi.
  e4m3, e5m2      satu skala float32 per tensor, maks/amax (resep tensorwise torchao);
                  +sat memotong ke ±maks sebagai ganti overflow OCP (NaN pada e4m3, inf pada e5m2)
  mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4
                  blok berisi 32 yang berbagi satu skala e8m0; mode skala +floor (bawaan, OCP),
                  +ceil, +even atau +rceil (Transformer Engine); elemen tersaturasi
  nvfp4           e2m1 dalam blok berisi 16 dengan skala e4m3, plus satu skala tensor float32
  `in` harus kelipatan ukuran blok (32; nvfp4 16).
</translation>
        </message>
        <message>
            <source>usage: presisi presets [NAME] [--json]
  lists the training presets; with NAME, prints that preset
</source>
            <translation>pemakaian: presisi presets [NAMA] [--json]
  menampilkan daftar preset pelatihan; dengan NAMA, menampilkan preset itu
</translation>
        </message>
        <message>
            <source>usage: presisi quantize X.npy --format F [--scale-mode floor|ceil|even|rceil] [--saturate]
                        [--amax A] [--out Q.npy] [--json FILE|-]

Quantises a float32 tensor (1-D: one row; 2-D: rows x columns) along its last axis, as torchao
computes it, and reports the error against the input per tensor and per block: mean squared error,
SQNR in dB, max absolute error, the share of elements beyond the element format's max after
scaling (saturated) and the share of non-zero inputs that became zero (underflow).
  --format      e4m3, e5m2         one float32 scale per tensor, max/amax (torchao float8 tensorwise)
                mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4
                                   32-element blocks, an e8m0 scale each (OCP MX, torchao to_mx)
                nvfp4              16-element e2m1 blocks, an e4m3 scale each, and a float32 tensor
                                   scale amax/(448*6) (torchao nvfp4_quantize)
  --scale-mode  MX formats: floor (the OCP rule, default), ceil, even, rceil (Transformer Engine's)
  --amax A      per-tensor formats: compute the scale from A instead of the tensor's own amax (a
                delayed-scaling history's stale amax); values beyond it then overflow
  --saturate    per-tensor formats: overflowing elements become +-max; without it they follow the
                OCP conversion (ml_dtypes): e4m3 NaN, e5m2 inf. MX and NVFP4 elements always
                saturate (OCP MX, torchao, Transformer Engine), so the option changes nothing there.
  --out Q.npy   write the dequantised values (float32, the input's shape); '-': the .npy to standard
                output instead of the text (not to a terminal)
  --json FILE   write every number as JSON to FILE ('-': to standard output instead of the text)
The text table shows the first 64 blocks; the JSON has all of them. The outputs are checked before
the input is read. Ctrl+C, SIGTERM or SIGHUP stops it with nothing written (status 130, 143, 129).
</source>
            <translation>pemakaian: presisi quantize X.npy --format F [--scale-mode floor|ceil|even|rceil] [--saturate]
                            [--amax A] [--out Q.npy] [--json BERKAS|-]

Mengkuantisasi tensor float32 (1-D: satu baris; 2-D: baris x kolom) sepanjang sumbu terakhirnya,
seperti yang dihitung torchao, lalu melaporkan galat terhadap masukan per tensor dan per blok: galat
kuadrat rata-rata, SQNR dalam dB, galat mutlak maksimum, porsi elemen yang melampaui maks format
elemen setelah penskalaan (tersaturasi) dan porsi masukan bukan nol yang menjadi nol (underflow).
  --format      e4m3, e5m2         satu skala float32 per tensor, maks/amax (torchao float8
                                   tensorwise)
                mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4
                                   blok berisi 32 elemen, masing-masing dengan skala e8m0 (OCP MX,
                                   torchao to_mx)
                nvfp4              blok e2m1 berisi 16 elemen, masing-masing dengan skala e4m3, plus
                                   skala tensor float32 amax/(448*6) (torchao nvfp4_quantize)
  --scale-mode  format MX: floor (aturan OCP, bawaan), ceil, even, rceil (milik Transformer Engine)
  --amax A      format per tensor: hitung skala dari A alih-alih amax tensor itu sendiri (amax usang
                dari riwayat delayed scaling); nilai di atasnya lalu overflow
  --saturate    format per tensor: elemen yang overflow menjadi +-maks; tanpa opsi ini elemen itu
                mengikuti konversi OCP (ml_dtypes): e4m3 NaN, e5m2 inf. Elemen MX dan NVFP4 selalu
                tersaturasi (OCP MX, torchao, Transformer Engine), jadi opsi ini tidak mengubah
                apa pun di sana.
  --out Q.npy   tulis nilai hasil dekuantisasi (float32, dengan bentuk masukan); '-': .npy itu ke keluaran
                standar sebagai ganti teks (tidak ke terminal)
  --json BERKAS tulis setiap angka sebagai JSON ke BERKAS ('-': ke keluaran standar, bukan teks)
Tabel teks menampilkan 64 blok pertama; JSON memuat semuanya. Keluaran diperiksa sebelum masukan
dibaca. Ctrl+C, SIGTERM atau SIGHUP menghentikannya tanpa menulis apa pun (status 130, 143, 129).
</translation>
        </message>
        <message>
            <source>usage: presisi train --model gpt [options]

Trains minGPT's tiny transformer (pre-LayerNorm, no dropout) in several lanes side by side (same data, same
initial weights, PyTorch 2.x's CPU arithmetic) and prints each lane's loss every so many steps, then the
held-out evaluation: the share of held-out sequences whose every target token is predicted.

data:      --task sort|add[:N]  (sort: 6 digits below --vocab and their sorted copy; add:N: two N-digit
           numbers and their sum reversed; one problem in five is held out for the evaluation)
           --samples 2000  --eval-samples 500  --data-seed 7
           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]
           (integer token ids (N, T); targets (N, T), -1 where a position has none)
model:     --layers 3  --heads 3  --embd 48  --block T (default: the sequences' length)  --vocab V
           --attention manual|sdpa-math  (minGPT's code, or F.scaled_dot_product_attention's math path)
           --qk-norm (a LayerNorm over each head's q and k)  --z-loss W (W * mean(log Z^2) added to the loss)
           --logit-softcap S (attention logits S * tanh(logit / S); manual attention only)
autocast:  --policy cpu|cuda  (CUDA's lists: softmax in float32)
optimizer: AdamW (weight decay on the linears' weights only)  --lr 5e-4  --beta1 0.9  --beta2 0.95
           --eps 1e-8  --weight-decay 0.1  --clip 1.0 (clip_grad_norm_; 0: none)
run:       --batch 64  --steps 2000  --seed 0 (torch.manual_seed)  --torch-cpu this|avx512|no-avx512
lanes:     --lanes cpu:f32,cpu:bf16,cpu:f16+scaler  (cpu:f32, cpu:bf16, cpu:f16, each with +scaler or not)
output:    --every N  --json FILE|-  (the per-step losses and the evaluation; docs/CLI.md)
           --no-stats  (no per-head attention, residual stream, log Z or update figures in the JSON)
</source>
            <translation>pemakaian: presisi train --model gpt [opsi]

Melatih transformer kecil minGPT (pre-LayerNorm, tanpa dropout) di beberapa lajur berdampingan (data yang sama,
bobot awal yang sama, aritmetika CPU PyTorch 2.x) lalu mencetak loss setiap lajur setiap sekian langkah, kemudian
evaluasi data tersisih: bagian urutan tersisih yang setiap token targetnya diprediksi dengan benar.

data:      --task sort|add[:N]  (sort: 6 digit di bawah --vocab dan salinannya yang terurut; add:N: dua bilangan
           N digit dan jumlahnya terbalik; satu dari lima soal disisihkan untuk evaluasi)
           --samples 2000  --eval-samples 500  --data-seed 7
           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]
           (id token bilangan bulat (N, T); target (N, T), -1 di posisi tanpa target)
model:     --layers 3  --heads 3  --embd 48  --block T (bawaan: panjang urutan)  --vocab V
           --attention manual|sdpa-math  (kode minGPT, atau jalur math F.scaled_dot_product_attention)
           --qk-norm (LayerNorm atas q dan k setiap head)  --z-loss W (W * rata-rata log Z^2 ditambahkan ke loss)
           --logit-softcap S (logit attention S * tanh(logit / S); hanya attention manual)
autocast:  --policy cpu|cuda  (daftar CUDA: softmax dalam float32)
optimizer: AdamW (weight decay hanya pada bobot layer linear)  --lr 5e-4  --beta1 0.9  --beta2 0.95
           --eps 1e-8  --weight-decay 0.1  --clip 1.0 (clip_grad_norm_; 0: tanpa)
latihan:   --batch 64  --steps 2000  --seed 0 (torch.manual_seed)  --torch-cpu this|avx512|no-avx512
lajur:     --lanes cpu:f32,cpu:bf16,cpu:f16+scaler  (cpu:f32, cpu:bf16, cpu:f16, masing-masing dengan atau tanpa +scaler)
keluaran:  --every N  --json BERKAS|-  (loss per langkah dan evaluasinya; docs/CLI.md)
           --no-stats  (tanpa angka attention per head, aliran residual, log Z atau pembaruan di JSON)
</translation>
        </message>
        <message>
            <source>usage: presisi train [--preset NAME | --scenario FILE] [options]

Trains a small MLP in several lanes side by side (same data, same initial weights) and prints a
per-lane table every so many steps and a final summary.

setup:     --preset NAME (presisi presets lists them)  --scenario FILE (an experiment file saved by the
           window, FILE.presisi.json, or a results file written by --json: its whole scenario; the
           options below, when given, override the file's values; docs/EXPERIMENT_FILES.md)
model:     --sizes 2,64,64,3  --activation relu|tanh|gelu|sigmoid  --loss cross_entropy|mse
           --norm none|layer|rms|batch  (nn.LayerNorm, nn.RMSNorm or nn.BatchNorm1d after every hidden
           linear layer, before its activation; lane option +naive-stats: one-pass statistics in the format)
data:      --dataset spiral|circles|xor|gaussians|moons|sine|plane|teacher  --samples N
           --eval-samples N  --noise S  --input-scale F  --target-scale F  --data-seed S
           --outlier F  (the last training sample's inputs times F: an outlier every samples/batch steps)
           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]
           (X float32 (N, in); Y integer labels (N) for cross_entropy or float32 (N, out) for mse)
optimizer: --optimizer sgd|adam|adamw  --lr 0.1  --momentum M  --weight-decay W  --beta1 --beta2 --eps
run:       --batch B (0 = full batch)  --steps N  --seed S  --shuffle
           --grad-accum K  (K micro-batches of B rows per optimizer step, loss / K each; gradients summed
           in float32, or in the lane's format with the lane option +accum-low)
lanes:     --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler   (device:format[+scaler][+ftz][+naive-stats]
           [+accum-low]; cpu:bf16+pure[+sr|+kahan]: bf16 weights without a float32 master copy, the update
           rounded to nearest, stochastically or with Kahan compensation)
           8 bits and below: cpu:fp8 (torchao's Float8Linear: e4m3 input and weight, e5m2 output gradient,
           a scale per tensor from its amax), cpu:e4m3, cpu:e5m2 (every operand in one format),
           cpu:mxfp8, cpu:mxfp4 (32-element blocks, +rceil); options +sat (clamp instead of NaN/inf),
           +delayed [+most-recent] (Transformer Engine's delayed scaling: --amax-history 1024 --fp8-margin 0)
           cpu:nvfp4 (Transformer Engine's NVFP4 recipe: e2m1 in 16-element blocks, stochastically rounded
           gradients, 16x16 weight blocks, a Hadamard transform for the weight gradient; +no-sr, +no-2d,
           +no-rht switch each off)
scaler:    --init-scale 65536  --growth-factor 2  --backoff-factor 0.5  --growth-interval 2000
autocast:  --policy cpu|cuda|device  --op softmax=low,loss=low  (linear, activation, softmax, loss,
           reduction, norm = low|f32|as-input)
           --backward-acc f32|storage  (storage: low-format backward products accumulate in the
           format, as ATen's reference GEMM does; f32: one rounding, as cuBLAS does)
           --dispatch presisi|torch [--torch-cpu this|avx512|no-avx512]  (torch: each low-format product
           and GELU computed as PyTorch's CPU dispatch does)
           --torch-version 2|1.13  (the PyTorch followed, default 2: its optimizers and GELU, and with
           --dispatch torch its products. 2: every bf16 product accumulates in f32, GELU in f32 with one
           rounding, Adam with lerp. 1.13: with AVX-512, oneDNN only for products with m*n*k &gt; 4096 and
           bf16 GELU; otherwise ATen's reference. Experiment files without it are 1.13)
output:    --every N (table interval)  --histogram-interval K  --range-interval K (per-layer ranges
           every K steps, 0 = none)  --no-stats (no statistics: no underflow, histograms or ranges)
           --json FILE|-  (the JSON contract; '-' prints it instead of the table)  --csv FILE|-
           Files appear whole or not at all (written beside the name, then renamed); an existing file
           is replaced only by a complete one. Memory: a run that would not fit in MemAvailable is refused.

Ctrl+C (SIGINT), SIGTERM or SIGHUP (a closed terminal) stops between steps: the files get the steps done
("final": null), stderr says so, and the exit status is 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP).
A second signal ends at once.
Exit status: 0 done, 1 a failure while running or writing, 2 a bad argument or a run refused.

Presets: 'presisi presets' lists them.
</source>
            <translation>pemakaian: presisi train [--preset NAMA | --scenario BERKAS] [opsi]

Melatih MLP kecil di beberapa lajur berdampingan (data yang sama, bobot awal yang sama) lalu mencetak
tabel per lajur setiap sekian langkah dan ringkasan akhir.

persiapan: --preset NAMA (presisi presets menampilkan daftarnya)  --scenario BERKAS (berkas eksperimen
           yang disimpan jendela, BERKAS.presisi.json, atau berkas hasil dari --json: seluruh skenarionya;
           opsi di bawah, bila diberikan, menggantikan nilai dari berkas; docs/EXPERIMENT_FILES.md)
model:     --sizes 2,64,64,3  --activation relu|tanh|gelu|sigmoid  --loss cross_entropy|mse
           --norm none|layer|rms|batch  (nn.LayerNorm, nn.RMSNorm atau nn.BatchNorm1d setelah setiap layer
           linear tersembunyi, sebelum aktivasinya; opsi lajur +naive-stats: statistik satu lintasan dalam format)
data:      --dataset spiral|circles|xor|gaussians|moons|sine|plane|teacher  --samples N
           --eval-samples N  --noise S  --input-scale F  --target-scale F  --data-seed S
           --outlier F  (masukan sampel latih terakhir dikali F: pencilan setiap samples/batch langkah)
           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]
           (X float32 (N, masukan); Y label bilangan bulat (N) untuk cross_entropy atau float32 (N, keluaran)
           untuk mse)
optimizer: --optimizer sgd|adam|adamw  --lr 0.1  --momentum M  --weight-decay W  --beta1 --beta2 --eps
latihan:   --batch B (0 = batch penuh)  --steps N  --seed S  --shuffle
           --grad-accum K  (K micro-batch berisi B baris per langkah optimizer, masing-masing loss / K; gradien
           dijumlahkan dalam float32, atau dalam format lajur dengan opsi lajur +accum-low)
lajur:     --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler   (perangkat:format[+scaler][+ftz][+naive-stats]
           [+accum-low]; cpu:bf16+pure[+sr|+kahan]: bobot bf16 tanpa salinan master float32, pembaruannya
           dibulatkan ke terdekat, secara stokastik atau dengan kompensasi Kahan)
           8 bit ke bawah: cpu:fp8 (Float8Linear torchao: masukan dan bobot e4m3, gradien keluaran e5m2,
           satu skala per tensor dari amax-nya), cpu:e4m3, cpu:e5m2 (setiap operand dalam satu format),
           cpu:mxfp8, cpu:mxfp4 (blok 32 elemen, +rceil); opsi +sat (dijepit, bukan NaN/inf),
           +delayed [+most-recent] (delayed scaling Transformer Engine: --amax-history 1024 --fp8-margin 0)
           cpu:nvfp4 (resep NVFP4 Transformer Engine: e2m1 dalam blok 16 elemen, gradien dibulatkan secara
           stokastik, blok bobot 16x16, transformasi Hadamard untuk gradien bobot; +no-sr, +no-2d,
           +no-rht mematikan masing-masing)
penskala:  --init-scale 65536  --growth-factor 2  --backoff-factor 0.5  --growth-interval 2000
autocast:  --policy cpu|cuda|device  --op softmax=low,loss=low  (linear, activation, softmax, loss,
           reduction, norm = low|f32|as-input)
           --backward-acc f32|storage  (storage: perkalian backward berformat rendah mengakumulasi dalam
           format itu, seperti GEMM acuan ATen; f32: satu kali pembulatan, seperti cuBLAS)
           --dispatch presisi|torch [--torch-cpu this|avx512|no-avx512]  (torch: setiap perkalian
           berformat rendah dan GELU dihitung seperti dispatch CPU PyTorch)
           --torch-version 2|1.13  (PyTorch yang diikuti, bawaan 2: optimizer dan GELU-nya, serta
           perkaliannya bila --dispatch torch. 2: setiap perkalian bf16 mengakumulasi dalam f32, GELU
           dalam f32 dengan satu pembulatan, Adam dengan lerp. 1.13: dengan AVX-512, oneDNN hanya untuk
           perkalian dengan m*n*k &gt; 4096 dan GELU bf16; selain itu acuan ATen. Berkas eksperimen
           tanpa opsi ini mengikuti 1.13)
keluaran:  --every N (selang tabel)  --histogram-interval K  --range-interval K (rentang per lapisan
           setiap K langkah, 0 = tidak ada)  --no-stats (tanpa statistik: tanpa underflow, histogram
           atau rentang)
           --json BERKAS|-  (kontrak JSON; '-' mencetaknya sebagai ganti tabel)  --csv BERKAS|-
           Berkas muncul utuh atau tidak sama sekali (ditulis di sebelah namanya, lalu diganti nama);
           berkas yang sudah ada hanya diganti oleh berkas yang lengkap. Memori: pelatihan yang tidak
           muat dalam MemAvailable ditolak.

Ctrl+C (SIGINT), SIGTERM atau SIGHUP (terminal ditutup) berhenti di antara langkah: berkas memuat langkah
yang sudah selesai ("final": null), stderr menyebutkannya, dan status keluar 130 (SIGINT), 143 (SIGTERM)
atau 129 (SIGHUP). Sinyal kedua
langsung mengakhiri.
Status keluar: 0 selesai, 1 kegagalan saat berjalan atau menulis, 2 argumen salah atau pelatihan ditolak.

Preset: 'presisi presets' menampilkan daftarnya.
</translation>
        </message>
        <message>
            <source>whole tensor</source>
            <translation>seluruh tensor</translation>
        </message>
        <message>
            <source>width '%1' must be an integer from 1 to 4096</source>
            <translation>lebar '%1' harus bilangan bulat dari 1 sampai 4096</translation>
        </message>
        <message>
            <source>x and W stored as</source>
            <translation>x dan W disimpan sebagai</translation>
        </message>
        <message>
            <source>zeros / subnormals / inf / NaN: %1 / %2 / %3 / %4 of %5</source>
            <translation>nol / subnormal / inf / NaN: %1 / %2 / %3 / %4 dari %5</translation>
        </message>
    </context>
    <context>
        <name>gui</name>
        <message>
            <source>'%1' does not end in .png (screenshots are PNG files)</source>
            <translation>'%1' tidak berakhiran .png (tangkapan layar berupa berkas PNG)</translation>
        </message>
        <message>
            <source>cannot write '%1': %2</source>
            <translation>tidak dapat menulis '%1': %2</translation>
        </message>
        <message>
            <source>cannot write '%1': not a regular file</source>
            <translation>tidak dapat menulis '%1': bukan berkas biasa</translation>
        </message>
        <message>
            <source>empty file name</source>
            <translation>nama berkas kosong</translation>
        </message>
        <message>
            <source>expected WxH such as 1280x800, got '%1'</source>
            <translation>diharapkan LxT seperti 1280x800, didapat '%1'</translation>
        </message>
        <message>
            <source>expected a factor from 1 to 2, got '%1'</source>
            <translation>diharapkan faktor dari 1 sampai 2, didapat '%1'</translation>
        </message>
        <message>
            <source>expected a whole number from %1 to %2, got '%3'</source>
            <translation>diharapkan bilangan bulat dari %1 sampai %2, didapat '%3'</translation>
        </message>
        <message>
            <source>expected linear, training, formats, speed or convergence, got '%1'</source>
            <translation>diharapkan linear, training, formats, speed atau convergence, didapat '%1'</translation>
        </message>
        <message>
            <source>expected steps per second from 0 (as fast as possible) to 1e6, got '%1'</source>
            <translation>diharapkan langkah per detik dari 0 (secepat mungkin) sampai 1e6, didapat '%1'</translation>
        </message>
        <message>
            <source>missing value</source>
            <translation>nilainya tidak ada</translation>
        </message>
        <message>
            <source>only with --screenshot</source>
            <translation>hanya bersama --screenshot</translation>
        </message>
        <message>
            <source>only with --screenshot or --measure-responsiveness</source>
            <translation>hanya bersama --screenshot atau --measure-responsiveness</translation>
        </message>
        <message>
            <source>unexpected argument '%1' (see presisi --help)</source>
            <translation>argumen '%1' tidak diharapkan (lihat presisi --help)</translation>
        </message>
        <message>
            <source>unknown option '%1' (see presisi --help)</source>
            <translation>opsi '%1' tidak dikenal (lihat presisi --help)</translation>
        </message>
        <message>
            <source>unknown preset '%1' (see presisi presets)</source>
            <translation>preset '%1' tidak dikenal (lihat presisi presets)</translation>
        </message>
    </context>
    <context>
        <name>presisi::BitsView</name>
        <message>
            <source>exp.</source>
            <translation>eks.</translation>
        </message>
        <message>
            <source>exponent</source>
            <translation>eksponen</translation>
        </message>
        <message>
            <source>exponent (%1 bits, bias %2)</source>
            <translation>eksponen (%1 bit, bias %2)</translation>
        </message>
        <message>
            <source>exponent (%1)</source>
            <translation>eksponen (%1)</translation>
        </message>
        <message>
            <source>mant.</source>
            <translation>mant.</translation>
        </message>
        <message>
            <source>mantissa</source>
            <translation>mantisa</translation>
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
            <source>no sign, no mantissa: 2^(e − 127)</source>
            <translation>tanpa tanda, tanpa mantisa: 2^(e − 127)</translation>
        </message>
    </context>
    <context>
        <name>presisi::BlockTable</name>
        <message>
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <source>%1 (block %2)</source>
            <translation>%1 (blok %2)</translation>
        </message>
        <message>
            <source>%1 code</source>
            <translation>kode %1</translation>
        </message>
        <message>
            <source>%1 error</source>
            <translation>galat %1</translation>
        </message>
        <message>
            <source>%1 value</source>
            <translation>nilai %1</translation>
        </message>
        <message>
            <source>&lt;span style='background:%1; color:black'&gt;&amp;nbsp;%2 saturated&amp;nbsp;&lt;/span&gt;: |x| / scale is above the element format's max, clamped to ±max. &lt;span style='background:%3; color:black'&gt;&amp;nbsp;%4 became zero&amp;nbsp;&lt;/span&gt;: a non-zero input below half the smallest element step.</source>
            <translation>&lt;span style='background:%1; color:black'&gt;&amp;nbsp;%2 tersaturasi&amp;nbsp;&lt;/span&gt;: |x| / skala melampaui maks format elemen, dipotong ke ±maks. &lt;span style='background:%3; color:black'&gt;&amp;nbsp;%4 menjadi nol&amp;nbsp;&lt;/span&gt;: masukan bukan nol di bawah setengah langkah terkecil format elemen.</translation>
        </message>
        <message>
            <source>Each element of the block: the input, and for each scale mode the element's code (the bits stored), the value it dequantises to (element × shared scale) and the error (dequantised − input). ▲ marks an element that saturated, ○ one that became zero.</source>
            <translation>Setiap elemen blok: masukannya, dan untuk setiap mode skala kode elemen (bit yang disimpan), nilai hasil dekuantisasinya (elemen × skala bersama) dan galatnya (hasil dekuantisasi − masukan). ▲ menandai elemen yang tersaturasi, ○ elemen yang menjadi nol.</translation>
        </message>
        <message>
            <source>input</source>
            <translation>masukan</translation>
        </message>
    </context>
    <context>
        <name>presisi::BlockView</name>
        <message>
            <source>%1 numbers given: the other %2 of the block are 0</source>
            <translation>%1 bilangan diberikan: %2 bilangan lainnya di blok ini bernilai 0</translation>
        </message>
        <message>
            <source>&amp;Block (32 numbers):</source>
            <translation>B&amp;lok (32 bilangan):</translation>
        </message>
        <message>
            <source>&amp;Random block with an outlier</source>
            <translation>Blok acak dengan &amp;pencilan</translation>
        </message>
        <message>
            <source>&amp;Scale mode:</source>
            <translation>Mo&amp;de skala:</translation>
        </message>
        <message>
            <source>'%1' (number %2) is not a number: write e.g. 0.5, -1e-3, 0x1p-3, inf</source>
            <translation>'%1' (bilangan ke-%2) bukan angka: tulis mis. 0.5, -1e-3, 0x1p-3, inf</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt;: %2&lt;br&gt;MSE %3 · SQNR %4 dB · %5 saturated ▲ · %6 became zero ○</source>
            <translation>&lt;b&gt;%1&lt;/b&gt;: %2&lt;br&gt;MSE %3 · SQNR %4 dB · %5 tersaturasi ▲ · %6 menjadi nol ○</translation>
        </message>
        <message>
            <source>Draws a new block for the next seed: 31 values around ±1 and one outlier 30 to 300 times larger, the case block scaling is for. The same seed gives the same block.</source>
            <translation>Mengundi blok baru untuk seed berikutnya: 31 nilai di sekitar ±1 dan satu pencilan 30 sampai 300 kali lebih besar, kasus yang menjadi alasan adanya penskalaan blok. Seed yang sama menghasilkan blok yang sama.</translation>
        </message>
        <message>
            <source>For&amp;mat:</source>
            <translation>For&amp;mat:</translation>
        </message>
        <message>
            <source>How the shared e8m0 scale is chosen from the block's largest |x| (amax). FLOOR (OCP, torchao's default): 2^(floor(log2 amax) − emax of the element), so amax may saturate. CEIL: one power higher when amax is not a power of two. EVEN: amax rounded at the element's precision first. RCEIL (Transformer Engine): 2^ceil(log2(amax / max)), so nothing saturates.</source>
            <translation>Cara skala e8m0 bersama dipilih dari |x| terbesar blok (amax). FLOOR (OCP, bawaan torchao): 2^(floor(log2 amax) − emax elemen), sehingga amax bisa tersaturasi. CEIL: satu pangkat lebih tinggi bila amax bukan pangkat dua. EVEN: amax dibulatkan dulu pada presisi elemen. RCEIL (Transformer Engine): 2^ceil(log2(amax / max)), sehingga tidak ada yang tersaturasi.</translation>
        </message>
        <message>
            <source>How the table marks elements: the same marks in both scale modes' columns.</source>
            <translation>Cara tabel menandai elemen: tanda yang sama di kolom kedua mode skala.</translation>
        </message>
        <message>
            <source>Not pasted: %1 characters, and a block holds at most %2 (32 numbers)</source>
            <translation>Tidak ditempel: %1 karakter, padahal satu blok paling banyak %2 (32 bilangan)</translation>
        </message>
        <message>
            <source>The block format. mxfp8 (e4m3 elements), mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4 (e2m1): 32 elements share one e8m0 scale, a power of two. nvfp4: 16 e2m1 elements share an e4m3 scale, times a float32 scale for the whole tensor (here the block).</source>
            <translation>Format blok. mxfp8 (elemen e4m3), mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4 (e2m1): 32 elemen berbagi satu skala e8m0, sebuah pangkat dua. nvfp4: 16 elemen e2m1 berbagi satu skala e4m3, dikalikan skala float32 untuk seluruh tensor (di sini blok itu).</translation>
        </message>
        <message>
            <source>The block: 32 numbers separated by spaces, commas or new lines (decimal with a point, or hexadecimal such as 0x1p-3). Paste a row of a tensor, or draw a random block.</source>
            <translation>Blok: 32 bilangan yang dipisahkan spasi, koma, atau baris baru (desimal dengan titik, atau heksadesimal seperti 0x1p-3). Tempelkan satu baris tensor, atau undi blok acak.</translation>
        </message>
        <message>
            <source>The seed of the random block; the block shown was drawn with it. Change it and press the button, or press the button for the next one.</source>
            <translation>Seed blok acak; blok yang ditampilkan diundi dengan seed ini. Ubah lalu tekan tombolnya, atau tekan tombolnya untuk seed berikutnya.</translation>
        </message>
        <message>
            <source>The shared scale (its code and value), the block's amax, and the cast's error: mean squared error, SQNR (signal to quantisation noise, 10·log10(Σx² / Σerror²), higher is better), how many elements saturated and how many became zero.</source>
            <translation>Skala bersama (kode dan nilainya), amax blok, dan galat cast: galat kuadrat rata-rata, SQNR (sinyal terhadap derau kuantisasi, 10·log10(Σx² / Σgalat²), makin tinggi makin baik), berapa elemen yang tersaturasi dan berapa yang menjadi nol.</translation>
        </message>
        <message>
            <source>What is wrong with the block typed, if anything, or how a short block was filled.</source>
            <translation>Apa yang salah dengan blok yang diketik, jika ada, atau cara blok yang kurang panjang dilengkapi.</translation>
        </message>
        <message>
            <source>a block holds %1 numbers: %2 given</source>
            <translation>satu blok berisi %1 bilangan: %2 diberikan</translation>
        </message>
        <message>
            <source>against</source>
            <translation>dibandingkan dengan</translation>
        </message>
        <message>
            <source>block %1: e4m3 scale %2 (code %3), amax %4</source>
            <translation>blok %1: skala e4m3 %2 (kode %3), amax %4</translation>
        </message>
        <message>
            <source>nvfp4</source>
            <translation>nvfp4</translation>
        </message>
        <message>
            <source>see&amp;d</source>
            <translation>se&amp;ed</translation>
        </message>
        <message>
            <source>shared scale &lt;b&gt;%1&lt;/b&gt; = %2 (e8m0 code %3), amax %4</source>
            <translation>skala bersama &lt;b&gt;%1&lt;/b&gt; = %2 (kode e8m0 %3), amax %4</translation>
        </message>
        <message>
            <source>tensor scale %1 (amax / (448·6))</source>
            <translation>skala tensor %1 (amax / (448·6))</translation>
        </message>
        <message>
            <source>the block is %1 characters, more than the %2 it may have</source>
            <translation>blok ini %1 karakter, lebih dari %2 yang diizinkan</translation>
        </message>
        <message>
            <source>∞ (exact)</source>
            <translation>∞ (persis)</translation>
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
        <name>presisi::ChartChoices</name>
        <message>
            <source>The loss chart's vertical axis in powers of 10 (losses that fall by orders of magnitude).</source>
            <translation>Sumbu tegak grafik loss dalam pangkat 10 (untuk loss yang turun beberapa orde besaran).</translation>
        </message>
        <message>
            <source>Which gradients the histogram shows: every layer's weight gradients (what the underflow chart counts by default), output gradients, both, or one layer's. Its "underflowed" share counts what the underflow chart counts.</source>
            <translation>Gradien yang ditampilkan histogram: gradien bobot setiap layer (yang dihitung grafik underflow secara bawaan), gradien keluaran, keduanya, atau milik satu layer. Porsi "underflow"-nya menghitung apa yang dihitung grafik underflow.</translation>
        </message>
        <message>
            <source>Which gradients the underflow chart and the tiles count: at every linear layer's output, or every weight and bias gradient.</source>
            <translation>Gradien yang dihitung grafik underflow dan ubin: pada keluaran setiap layer linier, atau setiap gradien bobot dan bias.</translation>
        </message>
        <message>
            <source>activation gradients</source>
            <translation>gradien aktivasi</translation>
        </message>
        <message>
            <source>histogram</source>
            <translation>histogram</translation>
        </message>
        <message>
            <source>layer %1 output gradients</source>
            <translation>gradien keluaran layer %1</translation>
        </message>
        <message>
            <source>layer %1 weight gradients</source>
            <translation>gradien bobot layer %1</translation>
        </message>
        <message>
            <source>log axis</source>
            <translation>sumbu log</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>loss</translation>
        </message>
        <message>
            <source>output gradients, all layers</source>
            <translation>gradien keluaran, semua layer</translation>
        </message>
        <message>
            <source>underflow of</source>
            <translation>underflow dari</translation>
        </message>
        <message>
            <source>weight and output gradients, all layers</source>
            <translation>gradien bobot dan keluaran, semua layer</translation>
        </message>
        <message>
            <source>weight gradients</source>
            <translation>gradien bobot</translation>
        </message>
        <message>
            <source>weight gradients, all layers</source>
            <translation>gradien bobot, semua layer</translation>
        </message>
    </context>
    <context>
        <name>presisi::ChartDeck</name>
        <message>
            <source>% of gradients</source>
            <translation>% gradien</translation>
        </message>
        <message>
            <source>% of the exact sum</source>
            <translation>% dari eksak</translation>
        </message>
        <message>
            <source>% underflowed</source>
            <translation>% underflow</translation>
        </message>
        <message>
            <source>%1 inf/NaN</source>
            <translation>%1 inf/NaN</translation>
        </message>
        <message>
            <source>%1 zeros (%2 underflowed)</source>
            <translation>%1 nol (%2 underflow)</translation>
        </message>
        <message>
            <source>%1 · step %2</source>
            <translation>%1 · langkah %2</translation>
        </message>
        <message>
            <source>Add a +scaler lane (e.g. cpu:f16+scaler) to see its scale</source>
            <translation>Tambahkan lajur +scaler (misalnya cpu:f16+scaler) untuk melihat skalanya</translation>
        </message>
        <message>
            <source>Each lane's running sum, held in its format (every partial sum rounded to it); the wide pale band is the exact sum of the same values, in double.</source>
            <translation>Jumlah berjalan setiap lajur, disimpan dalam formatnya (setiap jumlah parsial dibulatkan ke format itu); pita pucat yang lebar adalah jumlah eksak dari nilai yang sama, dalam double.</translation>
        </message>
        <message>
            <source>Error of the running sum</source>
            <translation>Galat jumlah berjalan</translation>
        </message>
        <message>
            <source>Gradient underflow</source>
            <translation>Underflow gradien</translation>
        </message>
        <message>
            <source>Gradient underflow · output gradients</source>
            <translation>Underflow gradien · gradien keluaran</translation>
        </message>
        <message>
            <source>Gradient underflow · weight gradients</source>
            <translation>Underflow gradien · gradien bobot</translation>
        </message>
        <message>
            <source>How far each lane's running sum is from the exact sum, in percent of the exact sum: it grows once the format's spacing exceeds the values added.</source>
            <translation>Seberapa jauh jumlah berjalan setiap lajur dari jumlah eksak, dalam persen jumlah eksak: galatnya tumbuh begitu jarak antarnilai format melebihi nilai yang ditambahkan.</translation>
        </message>
        <message>
            <source>Loss scale (skipped steps marked)</source>
            <translation>Skala loss (langkah yang dilewati ditandai)</translation>
        </message>
        <message>
            <source>Loss scale: no lane uses a scaler</source>
            <translation>Skala loss: tidak ada lajur yang memakai penskala</translation>
        </message>
        <message>
            <source>Per step, the share of gradient elements that are exactly 0 in the lane although a float32 shadow backward on the lane's own weights and batch gives them non-zero: gradients sunk to zero. "underflow of" (Charts) chooses weight or activation gradients.</source>
            <translation>Per langkah, bagian elemen gradien yang persis 0 pada lajur padahal backward bayangan float32 pada bobot dan batch milik lajur itu sendiri memberinya nilai bukan nol: gradien yang tenggelam ke nol. "underflow dari" (Grafik) memilih gradien bobot atau aktivasi.</translation>
        </message>
        <message>
            <source>Press Play (Space), or step (.)</source>
            <translation>Tekan Putar (Spasi), atau langkah (.)</translation>
        </message>
        <message>
            <source>Running sum per lane and the exact sum</source>
            <translation>Jumlah berjalan per lajur dan jumlah eksak</translation>
        </message>
        <message>
            <source>Share of each lane's gradient elements per log2 magnitude bin (scaled lanes: times the scale), over bf16's range (top strip, from 2^-133) and f16's subnormal (2^-24 to 2^-14) and normal (to 65504) ranges. Exact zeros and inf/NaN have no bin: the legend gives their share beside each lane.</source>
            <translation>Bagian elemen gradien setiap lajur per bin besaran log2 (lajur terskala: dikali skalanya), terhadap rentang bf16 (pita atas, mulai 2^-133) serta rentang subnormal (2^-24 sampai 2^-14) dan normal (sampai 65504) f16. Nol persis dan inf/NaN tidak punya bin: legenda memberi bagiannya di samping setiap lajur.</translation>
        </message>
        <message>
            <source>The loss scaler's scale per step for each +scaler lane (log2 axis): halved and the step skipped (a marker, weights untouched) when a scaled gradient overflows, doubled after growth interval clean steps.</source>
            <translation>Skala penskala loss per langkah untuk setiap lajur +scaler (sumbu log2): dibagi dua dan langkahnya dilewati (penanda, bobot tidak diubah) saat gradien terskala overflow, digandakan setelah growth interval langkah bersih.</translation>
        </message>
        <message>
            <source>The training loss per step, as each lane computes it in its format (the batch's loss). A cross marks where a lane's loss turned inf or NaN, at its last finite value.</source>
            <translation>Loss pelatihan per langkah, seperti dihitung setiap lajur dalam formatnya (loss batch itu). Tanda silang menunjukkan tempat loss sebuah lajur menjadi inf atau NaN, pada nilai hingga terakhirnya.</translation>
        </message>
        <message>
            <source>Training loss per step</source>
            <translation>Loss pelatihan per langkah</translation>
        </message>
        <message>
            <source>bf16 range</source>
            <translation>rentang bf16</translation>
        </message>
        <message>
            <source>exact</source>
            <translation>eksak</translation>
        </message>
        <message>
            <source>f16 normal</source>
            <translation>normal f16</translation>
        </message>
        <message>
            <source>f16 subnormal</source>
            <translation>subnormal f16</translation>
        </message>
        <message>
            <source>log2 |gradient| (scaled)</source>
            <translation>log2 |gradien| (terskala)</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>loss</translation>
        </message>
        <message>
            <source>running sum</source>
            <translation>jumlah berjalan</translation>
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
            <source>step</source>
            <translation>langkah</translation>
        </message>
    </context>
    <context>
        <name>presisi::ConvergencePage</name>
        <message>
            <source>%p% · %1 lanes × %2 seeds</source>
            <translation>%p% · %1 lajur × %2 seed</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Convergence check&lt;/h3&gt;&lt;p&gt;Is mixed precision safe for this setup? Every lane is trained from several model seeds on identical data; each run's final evaluation (float32, no gradients) is a dot. A lane is &lt;b&gt;safe&lt;/b&gt; when its mean lies within twice the larger of the float32 lane's seed-to-seed spread and its evaluation noise, and calls for an &lt;b&gt;audit&lt;/b&gt; of the sensitive operations when the shift is larger; the verdict says which of the two decided.&lt;/p&gt;&lt;p&gt;The setup is the Training lab's: load a preset there (e.g. &lt;i&gt;underflow&lt;/i&gt;), then Run check here. Esc cancels.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Uji konvergensi&lt;/h3&gt;&lt;p&gt;Amankah presisi campuran untuk pengaturan ini? Setiap lajur dilatih dari beberapa seed model pada data yang identik; evaluasi akhir tiap run (float32, tanpa gradien) menjadi satu titik. Sebuah lajur &lt;b&gt;aman&lt;/b&gt; bila rata-ratanya berada dalam dua kali yang lebih besar antara sebaran antar-seed lajur float32 dan derau evaluasinya, dan menuntut &lt;b&gt;audit&lt;/b&gt; operasi-operasi sensitif bila pergeserannya lebih besar; putusannya menyebut mana dari keduanya yang menentukan.&lt;/p&gt;&lt;p&gt;Pengaturannya milik Lab pelatihan: muat preset di sana (mis. &lt;i&gt;underflow&lt;/i&gt;), lalu tekan Jalankan uji di sini. Esc membatalkan.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Batal</translation>
        </message>
        <message>
            <source>Cannot run the check: %1</source>
            <translation>Uji tidak dapat dijalankan: %1</translation>
        </message>
        <message>
            <source>Check cancelled.</source>
            <translation>Uji dibatalkan.</translation>
        </message>
        <message>
            <source>Check failed: %1</source>
            <translation>Uji gagal: %1</translation>
        </message>
        <message>
            <source>Convergence check</source>
            <translation>Uji konvergensi</translation>
        </message>
        <message>
            <source>Convergence check: done</source>
            <translation>Uji konvergensi: selesai</translation>
        </message>
        <message>
            <source>Convergence check: running (%1 seeds)</source>
            <translation>Uji konvergensi: berjalan (%1 seed)</translation>
        </message>
        <message>
            <source>Model seeds per lane (the data stays the same): more seeds, a surer spread, a longer check</source>
            <translation>Jumlah seed model per lajur (datanya tetap sama): makin banyak seed, makin pasti sebarannya, makin lama ujinya</translation>
        </message>
        <message>
            <source>Presisi convergence check · %1 · %2 seeds · %3 steps · lanes %4</source>
            <translation>Uji konvergensi Presisi · %1 · %2 seed · %3 langkah · lajur %4</translation>
        </message>
        <message>
            <source>Restart check</source>
            <translation>Ulangi uji</translation>
        </message>
        <message>
            <source>Run check</source>
            <translation>Jalankan uji</translation>
        </message>
        <message>
            <source>Setup: %1 · %2 steps · lanes %3 · %4 seeds each, data seed pinned</source>
            <translation>Pengaturan: %1 · %2 langkah · lajur %3 · masing-masing %4 seed, seed data dikunci</translation>
        </message>
        <message>
            <source>Setup: the Training lab's current controls (pick a preset there, then come back)</source>
            <translation>Pengaturan: kontrol Lab pelatihan saat ini (pilih preset di sana, lalu kembali ke sini)</translation>
        </message>
        <message>
            <source>Stops the check (Esc)</source>
            <translation>Menghentikan uji (Esc)</translation>
        </message>
        <message>
            <source>The convergence check needs a training setup (the summation demo has no model to seed).</source>
            <translation>Uji konvergensi memerlukan pengaturan pelatihan (demo penjumlahan tidak punya model untuk diberi seed).</translation>
        </message>
        <message>
            <source>Training runs done of all: every lane from every seed.</source>
            <translation>Run pelatihan yang sudah selesai dari seluruhnya: setiap lajur dari setiap seed.</translation>
        </message>
        <message>
            <source>Trains every lane of the Training lab's current setup from each seed, on all cores (Ctrl+Return)</source>
            <translation>Melatih setiap lajur dari pengaturan Lab pelatihan saat ini dari tiap seed, memakai semua core (Ctrl+Return)</translation>
        </message>
        <message>
            <source>What the check trains: the Training lab's setup, every lane from each model seed, the data seed pinned so only the model's initialisation changes.</source>
            <translation>Apa yang dilatih uji ini: pengaturan Lab pelatihan, setiap lajur dari tiap seed model, dengan seed data dikunci sehingga hanya inisialisasi model yang berubah.</translation>
        </message>
        <message>
            <source>What the dots show (accuracy for classification setups only); the verdict always judges the evaluation loss.</source>
            <translation>Apa yang ditunjukkan titik-titiknya (akurasi hanya untuk pengaturan klasifikasi); putusannya selalu menilai loss evaluasi.</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>dibatalkan</translation>
        </message>
        <message>
            <source>custom setup</source>
            <translation>pengaturan sendiri</translation>
        </message>
        <message>
            <source>done</source>
            <translation>selesai</translation>
        </message>
        <message>
            <source>evaluation accuracy</source>
            <translation>akurasi evaluasi</translation>
        </message>
        <message>
            <source>evaluation loss</source>
            <translation>loss evaluasi</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>gagal</translation>
        </message>
        <message>
            <source>not run yet</source>
            <translation>belum dijalankan</translation>
        </message>
        <message>
            <source>preset %1</source>
            <translation>preset %1</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>berjalan…</translation>
        </message>
        <message>
            <source>seeds</source>
            <translation>seed</translation>
        </message>
        <message>
            <source>show</source>
            <translation>tampilkan</translation>
        </message>
        <message>
            <source>starting…</source>
            <translation>memulai…</translation>
        </message>
    </context>
    <context>
        <name>presisi::ConvergenceReportView</name>
        <message>
            <source>; seed %1 left out: its f32 run is an outlier (did it learn?)</source>
            <translation>; seed %1 dikecualikan: run f32-nya pencilan (apakah ia benar-benar belajar?)</translation>
        </message>
        <message>
            <source>Each dot: one seed's final evaluation loss (float32, no gradients); bar: the lane's mean, coloured band: mean ± one standard deviation across seeds. The grey band across every column is the safe band, the f32 mean ± the rule's threshold (stopped at 0: no loss is negative): a lane whose mean lies in it is safe. A hollow dot is a seed left out: its f32 run is an outlier.</source>
            <translation>Tiap titik: loss evaluasi akhir satu seed (float32, tanpa gradien); garis: rata-rata lajur, pita berwarna: rata-rata ± satu simpangan baku antar-seed. Pita abu-abu yang melintasi semua kolom adalah pita aman, rata-rata f32 ± ambang aturan (terpotong di 0: tidak ada loss yang negatif): lajur yang rata-ratanya berada di dalamnya aman. Titik berlubang adalah seed yang dikecualikan: run f32-nya pencilan.</translation>
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
            <source>Mean over seeds of the final evaluation loss (float32)</source>
            <translation>Rata-rata antar-seed dari loss evaluasi akhir (float32)</translation>
        </message>
        <message>
            <source>One row per lane: its mean over seeds, spread and shift from float32, and the verdict. Hover a column's header for what it means.</source>
            <translation>Satu baris per lajur: rata-rata antar-seed, sebaran, pergeseran dari float32, dan putusannya. Arahkan kursor ke judul kolom untuk artinya.</translation>
        </message>
        <message>
            <source>Press Run check: every lane of the Training lab's setup, from each seed</source>
            <translation>Tekan Jalankan uji: setiap lajur dari pengaturan Lab pelatihan, dari tiap seed</translation>
        </message>
        <message>
            <source>Sample standard deviation over seeds</source>
            <translation>Simpangan baku sampel antar-seed</translation>
        </message>
        <message>
            <source>The lane as the Training lab names it (device:format, options)</source>
            <translation>Lajur sebagaimana dinamai Lab pelatihan (perangkat:format, opsi)</translation>
        </message>
        <message>
            <source>The lane's mean minus the float32 lane's mean</source>
            <translation>Rata-rata lajur dikurangi rata-rata lajur float32</translation>
        </message>
        <message>
            <source>The numbers behind the verdict: the shift against the threshold, 2 × the larger of the f32 seed spread and its evaluation noise</source>
            <translation>Angka di balik putusan: pergeseran dibandingkan dengan ambang, yaitu 2 × yang lebih besar antara sebaran seed f32 dan derau evaluasinya</translation>
        </message>
        <message>
            <source>The rule: %1</source>
            <translation>Aturannya: %1</translation>
        </message>
        <message>
            <source>The rule: a lane is safe when its mean final evaluation loss differs from the float32 lane's by no more than twice the larger of two things: what changing the model seed does (the float32 lane's seed-to-seed spread) and what another draw of evaluation data could do (the float32 evaluation's noise); a larger shift calls for an audit of the sensitive operations before the speed is taken. Each verdict names which of the two set the threshold. A run that ends in inf/NaN is always an audit; a seed whose float32 run is an outlier (it did not learn) is left out of every lane and named.</source>
            <translation>Aturannya: sebuah lajur aman bila rata-rata loss evaluasi akhirnya berselisih dari lajur float32 tidak lebih dari dua kali yang lebih besar di antara dua hal: apa yang terjadi bila seed model diganti (sebaran antar-seed lajur float32) dan apa yang bisa terjadi bila data evaluasi diambil ulang (derau evaluasi float32); pergeseran yang lebih besar menuntut audit operasi-operasi sensitif sebelum kecepatannya diambil. Setiap putusan menyebut mana dari keduanya yang menetapkan ambang. Run yang berakhir dengan inf/NaN selalu berarti audit; seed yang run float32-nya pencilan (tidak belajar) dikecualikan dari setiap lajur dan disebutkan.</translation>
        </message>
        <message>
            <source>Why this rule: a retrained float32 model moves by its seed spread anyway, so a shift within it is no evidence against mixed precision; twice the spread covers about 95% of it.</source>
            <translation>Mengapa aturan ini: model float32 yang dilatih ulang pun bergeser sebesar sebaran seed-nya, jadi pergeseran di dalamnya bukan bukti yang memberatkan presisi campuran; dua kali sebaran mencakup sekitar 95% darinya.</translation>
        </message>
        <message>
            <source>a seed's run went non-finite: audit the sensitive operations</source>
            <translation>run salah satu seed menjadi tak hingga/NaN: audit operasi-operasi sensitif</translation>
        </message>
        <message>
            <source>audit the sensitive operations</source>
            <translation>audit operasi-operasi sensitif</translation>
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
            <source>lane</source>
            <translation>lajur</translation>
        </message>
        <message>
            <source>mean eval loss</source>
            <translation>rata-rata loss eval</translation>
        </message>
        <message>
            <source>no float32 lane to compare with: add cpu:f32</source>
            <translation>tidak ada lajur float32 sebagai pembanding: tambahkan cpu:f32</translation>
        </message>
        <message>
            <source>reference (float32)</source>
            <translation>acuan (float32)</translation>
        </message>
        <message>
            <source>safe band: f32 mean ± %1 (2 × the f32 evaluation noise)</source>
            <translation>pita aman: rata-rata f32 ± %1 (2 × derau evaluasi f32)</translation>
        </message>
        <message>
            <source>safe band: f32 mean ± %1 (2 × the f32 seed spread)</source>
            <translation>pita aman: rata-rata f32 ± %1 (2 × sebaran seed f32)</translation>
        </message>
        <message>
            <source>safe when every seed's run stays finite and |mean eval loss - mean of the f32 lane| &lt;= 2 x max(the f32 lane's seed-to-seed standard deviation, the f32 evaluation's standard error over its samples); otherwise audit (evaluation loss in float32 without gradients; spread = sample standard deviation over seeds; a seed whose f32 run is an outlier is left out and named)</source>
            <translation>aman bila run setiap seed tetap hingga dan |rata-rata loss evaluasi - rata-rata lajur f32| &lt;= 2 x maks(simpangan baku antar-seed lajur f32, galat baku evaluasi f32 atas sampelnya); selain itu audit (loss evaluasi dalam float32 tanpa gradien; sebaran = simpangan baku sampel antar-seed; seed yang run f32-nya pencilan dikecualikan dan disebutkan)</translation>
        </message>
        <message>
            <source>safe: the shift is within the threshold (2 × the f32 seed spread or 2 × the f32 evaluation noise, whichever is larger; the verdict names it); audit: a larger shift; reference: the f32 lane</source>
            <translation>aman: pergeseran berada dalam ambang (2 × sebaran seed f32 atau 2 × derau evaluasi f32, mana yang lebih besar; putusannya menyebutkannya); audit: pergeseran yang lebih besar; acuan: lajur f32</translation>
        </message>
        <message>
            <source>safe: within 2 × the evaluation noise</source>
            <translation>aman: dalam 2 × derau evaluasi</translation>
        </message>
        <message>
            <source>safe: within 2 × the seed spread</source>
            <translation>aman: dalam 2 × sebaran seed</translation>
        </message>
        <message>
            <source>shift %1 beyond 2 × the f32 evaluation noise (|shift| &gt; %2; the seed spread %3 is smaller): audit the sensitive operations</source>
            <translation>pergeseran %1 melampaui 2 × derau evaluasi f32 (|pergeseran| &gt; %2; sebaran seed %3 lebih kecil): audit operasi-operasi sensitif</translation>
        </message>
        <message>
            <source>shift %1 beyond 2 × the f32 seed spread (|shift| &gt; %2): audit the sensitive operations</source>
            <translation>pergeseran %1 melampaui 2 × sebaran seed f32 (|pergeseran| &gt; %2): audit operasi-operasi sensitif</translation>
        </message>
        <message>
            <source>shift %1 within 2 × the f32 evaluation noise (|shift| ≤ %2; the seed spread %3 is smaller): safe</source>
            <translation>pergeseran %1 dalam 2 × derau evaluasi f32 (|pergeseran| ≤ %2; sebaran seed %3 lebih kecil): aman</translation>
        </message>
        <message>
            <source>shift %1 within 2 × the f32 seed spread (|shift| ≤ %2): safe</source>
            <translation>pergeseran %1 dalam 2 × sebaran seed f32 (|pergeseran| ≤ %2): aman</translation>
        </message>
        <message>
            <source>shift vs f32</source>
            <translation>pergeseran thd f32</translation>
        </message>
        <message>
            <source>spread (sd)</source>
            <translation>sebaran (sd)</translation>
        </message>
        <message>
            <source>the float32 reference went non-finite: the setup itself diverges (lower the learning rate)</source>
            <translation>acuan float32 menjadi tak hingga/NaN: pengaturannya sendiri divergen (turunkan laju pembelajaran)</translation>
        </message>
        <message>
            <source>the float32 reference: seed spread %1, evaluation noise %2; safe within ±%3 (2 × the f32 evaluation noise)</source>
            <translation>acuan float32: sebaran seed %1, derau evaluasi %2; aman dalam ±%3 (2 × derau evaluasi f32)</translation>
        </message>
        <message>
            <source>the float32 reference: seed spread %1, evaluation noise %2; safe within ±%3 (2 × the f32 seed spread)</source>
            <translation>acuan float32: sebaran seed %1, derau evaluasi %2; aman dalam ±%3 (2 × sebaran seed f32)</translation>
        </message>
        <message>
            <source>verdict</source>
            <translation>putusan</translation>
        </message>
        <message>
            <source>why</source>
            <translation>alasan</translation>
        </message>
    </context>
    <context>
        <name>presisi::DoctorPanel</name>
        <message>
            <source>%1 — ended: %2 (the warning of step %3: %4)</source>
            <translation>%1 — berakhir: %2 (peringatan langkah %3: %4)</translation>
        </message>
        <message>
            <source>%1, step %2: %3</source>
            <translation>%1, langkah %2: %3</translation>
        </message>
        <message>
            <source>%1, step %2: smallest non-zero %3, largest %4; underflowed %5, overflowed %6</source>
            <translation>%1, langkah %2: bukan nol terkecil %3, terbesar %4; tenggelam ke nol %5, overflow %6</translation>
        </message>
        <message>
            <source>&lt;b&gt;NaN doctor · %1:&lt;/b&gt; %2</source>
            <translation>&lt;b&gt;Dokter NaN · %1:&lt;/b&gt; %2</translation>
        </message>
        <message>
            <source>&lt;b&gt;NaN doctor · %1&lt;/b&gt;</source>
            <translation>&lt;b&gt;Dokter NaN · %1&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;NaN doctor · loss scaler&lt;/b&gt;</source>
            <translation>&lt;b&gt;Dokter NaN · penskala loss&lt;/b&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;NaN doctor&lt;/b&gt;</source>
            <translation>&lt;b&gt;Dokter NaN&lt;/b&gt;</translation>
        </message>
        <message>
            <source>Hide the panel (a line above the tiles keeps the finding; the panel comes back with the next inf/NaN).</source>
            <translation>Sembunyikan panel (satu baris di atas ubin menyimpan temuannya; panel muncul lagi pada inf/NaN berikutnya).</translation>
        </message>
        <message>
            <source>Lanes whose values turned inf or NaN; pick one to see its finding.</source>
            <translation>Lajur yang nilainya menjadi inf atau NaN; pilih salah satu untuk melihat temuannya.</translation>
        </message>
        <message>
            <source>Lead-up: smallest non-zero … largest |value| per layer</source>
            <translation>Menjelang: |nilai| bukan nol terkecil … terbesar per layer</translation>
        </message>
        <message>
            <source>No inf or NaN has reached this run's weights; the loss scaler is struggling.</source>
            <translation>Belum ada inf atau NaN yang mencapai bobot run ini; penskala loss sedang kesulitan.</translation>
        </message>
        <message>
            <source>No inf or NaN has reached this run's weights; the loss scaler struggled and recovered.</source>
            <translation>Belum ada inf atau NaN yang mencapai bobot run ini; penskala loss sempat kesulitan lalu pulih.</translation>
        </message>
        <message>
            <source>Opens the panel again: the finding, its lead-up and the remedies.</source>
            <translation>Membuka panel lagi: temuan, langkah-langkah menjelang, dan penanganannya.</translation>
        </message>
        <message>
            <source>Scaler: %1</source>
            <translation>Penskala: %1</translation>
        </message>
        <message>
            <source>Show the NaN doctor</source>
            <translation>Tampilkan dokter NaN</translation>
        </message>
        <message>
            <source>The NaN doctor's finding: the first inf or NaN of this lane, where it appeared.</source>
            <translation>Temuan dokter NaN: inf atau NaN pertama lajur ini, dan tempat munculnya.</translation>
        </message>
        <message>
            <source>The last steps before the fault, oldest first; red: some values overflowed or lie above a quarter of the format's largest value; grey: some underflowed to zero.</source>
            <translation>Langkah-langkah terakhir sebelum kegagalan, yang terlama lebih dulu; merah: sebagian nilai overflow atau melebihi seperempat nilai terbesar format; abu-abu: sebagian tenggelam ke nol.</translation>
        </message>
        <message>
            <source>The loss scaler's warnings: a scale that keeps backing off means the gradients overflow float16 even unscaled (bfloat16 would fit them).</source>
            <translation>Peringatan penskala loss: skala yang terus mundur berarti gradiennya overflow pada float16 bahkan tanpa penskalaan (bfloat16 akan memuatnya).</translation>
        </message>
        <message>
            <source>When a lane's values first turn inf or NaN, the doctor says where, shows the steps before, and reruns the lane with each remedy.</source>
            <translation>Saat nilai sebuah lajur pertama kali menjadi inf atau NaN, dokter menyebut tempatnya, menampilkan langkah-langkah sebelumnya, dan menjalankan ulang lajur itu dengan setiap penanganan.</translation>
        </message>
        <message>
            <source>Where the first inf or NaN appeared: found by re-running that step with a finiteness check after every operation (layers 1-based, steps as on the charts' x axis).</source>
            <translation>Tempat inf atau NaN pertama muncul: ditemukan dengan menjalankan ulang langkah itu dan memeriksa keterhinggaan setelah setiap operasi (layer mulai dari 1, langkah seperti pada sumbu x grafik).</translation>
        </message>
        <message>
            <source>layer %1 %2</source>
            <translation>layer %1 %2</translation>
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
            <source>output grads</source>
            <translation>grad keluaran</translation>
        </message>
        <message>
            <source>outputs</source>
            <translation>keluaran</translation>
        </message>
        <message>
            <source>step %1</source>
            <translation>langkah %1</translation>
        </message>
        <message>
            <source>weight grads</source>
            <translation>grad bobot</translation>
        </message>
    </context>
    <context>
        <name>presisi::ExperimentFiles</name>
        <message>
            <source>%1 — Presisi</source>
            <translation>%1 — Presisi</translation>
        </message>
        <message>
            <source>&amp;Open experiment…</source>
            <translation>&amp;Buka eksperimen…</translation>
        </message>
        <message>
            <source>&amp;Save experiment…</source>
            <translation>&amp;Simpan eksperimen…</translation>
        </message>
        <message>
            <source>(none yet)</source>
            <translation>(belum ada)</translation>
        </message>
        <message>
            <source>Back to the loaded preset's own settings (undoes your changes to the controls)</source>
            <translation>Kembali ke pengaturan asli preset yang dimuat (membatalkan perubahan Anda pada kontrol)</translation>
        </message>
        <message>
            <source>Back to the settings of preset %1</source>
            <translation>Kembali ke pengaturan preset %1</translation>
        </message>
        <message>
            <source>Cancelled: nothing was loaded</source>
            <translation>Dibatalkan: tidak ada yang dimuat</translation>
        </message>
        <message>
            <source>Cannot load the data</source>
            <translation>Data tidak dapat dimuat</translation>
        </message>
        <message>
            <source>Cannot open the experiment</source>
            <translation>Eksperimen tidak dapat dibuka</translation>
        </message>
        <message>
            <source>Cannot save the experiment</source>
            <translation>Eksperimen tidak dapat disimpan</translation>
        </message>
        <message>
            <source>Checking data %1 and %2… (Esc cancels)</source>
            <translation>Memeriksa data %1 dan %2… (Esc membatalkan)</translation>
        </message>
        <message>
            <source>Checking data: reading %1, %2% of %3… (Esc cancels)</source>
            <translation>Memeriksa data: membaca %1, %2% dari %3… (Esc membatalkan)</translation>
        </message>
        <message>
            <source>Data loaded: %1 and %2; model %3, loss %4</source>
            <translation>Data dimuat: %1 dan %2; model %3, loss %4</translation>
        </message>
        <message>
            <source>Its current step has not finished within %1 s; try again when the status bar says paused.</source>
            <translation>Langkahnya yang sedang berjalan belum selesai dalam %1 d; coba lagi setelah bilah status menyatakan jeda.</translation>
        </message>
        <message>
            <source>Load &amp;data…</source>
            <translation>Muat &amp;data…</translation>
        </message>
        <message>
            <source>Load a saved experiment or a results file (.presisi.json, or a JSON export of a run): every setting of the Training lab, ready to play</source>
            <translation>Memuat eksperimen yang tersimpan atau berkas hasil (.presisi.json, atau ekspor JSON sebuah run): semua pengaturan lab pelatihan, siap dijalankan</translation>
        </message>
        <message>
            <source>Load data: inputs X (float32, N rows)</source>
            <translation>Muat data: masukan X (float32, N baris)</translation>
        </message>
        <message>
            <source>Load data: targets Y (integer labels or float32, N rows)</source>
            <translation>Muat data: target Y (label bilangan bulat atau float32, N baris)</translation>
        </message>
        <message>
            <source>No preset is loaded: choose one in the Presets menu.</source>
            <translation>Belum ada preset yang dimuat: pilih satu di menu Preset.</translation>
        </message>
        <message>
            <source>NumPy arrays (*.npy)</source>
            <translation>Larik NumPy (*.npy)</translation>
        </message>
        <message>
            <source>Open &amp;recent</source>
            <translation>Buka yang &amp;terakhir</translation>
        </message>
        <message>
            <source>Open experiment</source>
            <translation>Buka eksperimen</translation>
        </message>
        <message>
            <source>Opened %1: press Play (Space) to run it</source>
            <translation>%1 dibuka: tekan Putar (Spasi) untuk menjalankannya</translation>
        </message>
        <message>
            <source>Opening %1…</source>
            <translation>Membuka %1…</translation>
        </message>
        <message>
            <source>Presisi experiments (*.presisi.json)</source>
            <translation>Eksperimen Presisi (*.presisi.json)</translation>
        </message>
        <message>
            <source>Presisi experiments (*.presisi.json);;JSON files (*.json);;All files (*)</source>
            <translation>Eksperimen Presisi (*.presisi.json);;Berkas JSON (*.json);;Semua berkas (*)</translation>
        </message>
        <message>
            <source>Removed from the recent experiments (no longer there): %1</source>
            <translation>Dihapus dari daftar eksperimen terakhir (berkasnya sudah tidak ada): %1</translation>
        </message>
        <message>
            <source>Rese&amp;t to preset</source>
            <translation>Kembalikan ke pr&amp;eset</translation>
        </message>
        <message>
            <source>Reset to preset</source>
            <translation>Kembalikan ke preset</translation>
        </message>
        <message>
            <source>Save experiment</source>
            <translation>Simpan eksperimen</translation>
        </message>
        <message>
            <source>Save the Training lab's settings (model, data, optimizer, lanes, seed, policy, scaler, pace) as an experiment file; `presisi train --scenario FILE` runs the same</source>
            <translation>Menyimpan pengaturan lab pelatihan (model, data, optimizer, lajur, seed, kebijakan, penskala loss, laju) sebagai berkas eksperimen; `presisi train --scenario BERKAS` menjalankan hal yang sama</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>%1 disimpan</translation>
        </message>
        <message>
            <source>The run is still stopping</source>
            <translation>Proses masih berhenti</translation>
        </message>
        <message>
            <source>Train on your own data: X and Y as .npy files, checked as `presisi train --data X --targets Y` checks them; the model's input and output widths and its loss follow the data</source>
            <translation>Latih dengan data Anda sendiri: X dan Y sebagai berkas .npy, diperiksa seperti `presisi train --data X --targets Y` memeriksanya; lebar masukan dan keluaran model serta loss-nya mengikuti data</translation>
        </message>
        <message>
            <source>Your data: %1 and %2</source>
            <translation>Data Anda: %1 dan %2</translation>
        </message>
    </context>
    <context>
        <name>presisi::ExportDialog</name>
        <message>
            <source>A line of text under the chart that says how to reproduce it: the preset or workload, the lanes and the seed. It wraps between words.</source>
            <translation>Sebaris teks di bawah grafik yang menyebutkan cara mengulangnya: preset atau beban kerja, lajur, dan seed. Teks dipatahkan di antara kata.</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>Telusuri…</translation>
        </message>
        <message>
            <source>Caption under the figure (setup, lanes, seed)</source>
            <translation>Keterangan di bawah gambar (pengaturan, lajur, seed)</translation>
        </message>
        <message>
            <source>Choose the folder and file name.</source>
            <translation>Pilih folder dan nama berkas.</translation>
        </message>
        <message>
            <source>Custom</source>
            <translation>Ukuran sendiri</translation>
        </message>
        <message>
            <source>Custom size</source>
            <translation>Ukuran sendiri</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>Ekspor</translation>
        </message>
        <message>
            <source>Export to</source>
            <translation>Ekspor ke</translation>
        </message>
        <message>
            <source>File</source>
            <translation>Berkas</translation>
        </message>
        <message>
            <source>Font scale</source>
            <translation>Skala huruf</translation>
        </message>
        <message>
            <source>Format</source>
            <translation>Format</translation>
        </message>
        <message>
            <source>Height of a custom figure in pixels.</source>
            <translation>Tinggi gambar ukuran sendiri, dalam piksel.</translation>
        </message>
        <message>
            <source>How large text, lines and markers are drawn against the window at normal text size. 2 makes a 1920 × 1080 figure readable from the back of a lecture room; 1 draws the chart as the window does, with more room for data. Larger figures (3840 × 2160) look the same, only sharper.</source>
            <translation>Seberapa besar teks, garis, dan penanda digambar dibandingkan jendela pada ukuran teks normal. Nilai 2 membuat gambar 1920 × 1080 terbaca dari bangku belakang ruang kuliah; nilai 1 menggambar grafik seperti di jendela, dengan ruang lebih untuk data. Gambar yang lebih besar (3840 × 2160) tampak sama, hanya lebih tajam.</translation>
        </message>
        <message>
            <source>PNG image</source>
            <translation>Gambar PNG</translation>
        </message>
        <message>
            <source>PNG image (*.png)</source>
            <translation>Gambar PNG (*.png)</translation>
        </message>
        <message>
            <source>PNG: a picture for slides and documents. SVG: a drawing that stays sharp at any size and can be edited (Inkscape, Illustrator).</source>
            <translation>PNG: gambar untuk salindia dan dokumen. SVG: gambar vektor yang tetap tajam pada ukuran berapa pun dan dapat disunting (Inkscape, Illustrator).</translation>
        </message>
        <message>
            <source>Pixel ratio</source>
            <translation>Rasio piksel</translation>
        </message>
        <message>
            <source>Pixels per figure pixel in the PNG: at 2× a 1920 × 1080 figure is 3840 × 2160 pixels, sharp on high-density screens and when the slide is scaled. SVG has no pixels.</source>
            <translation>Jumlah piksel PNG per piksel gambar: pada 2× gambar 1920 × 1080 menjadi 3840 × 2160 piksel, tetap tajam di layar berkerapatan tinggi dan saat salindia diperbesar. SVG tidak berpiksel.</translation>
        </message>
        <message>
            <source>SVG drawing</source>
            <translation>Gambar vektor SVG</translation>
        </message>
        <message>
            <source>SVG drawing (*.svg)</source>
            <translation>Gambar vektor SVG (*.svg)</translation>
        </message>
        <message>
            <source>Size</source>
            <translation>Ukuran</translation>
        </message>
        <message>
            <source>The PNG will be %1 × %2 pixels.</source>
            <translation>Berkas PNG akan berukuran %1 × %2 piksel.</translation>
        </message>
        <message>
            <source>The SVG's page will be %1 × %2.</source>
            <translation>Halaman SVG akan berukuran %1 × %2.</translation>
        </message>
        <message>
            <source>The figure's size in pixels, caption included: 1920 × 1080 fills a 16:9 slide; 3840 × 2160 for a 4K projector; window size keeps the chart as it looks now.</source>
            <translation>Ukuran gambar dalam piksel, termasuk keterangannya: 1920 × 1080 memenuhi salindia 16:9; 3840 × 2160 untuk proyektor 4K; ukuran jendela mempertahankan grafik seperti yang tampak sekarang.</translation>
        </message>
        <message>
            <source>The folder %1 does not exist.</source>
            <translation>Folder %1 tidak ada.</translation>
        </message>
        <message>
            <source>The size of the file that will be written.</source>
            <translation>Ukuran berkas yang akan ditulis.</translation>
        </message>
        <message>
            <source>Where the file is written. The name says what the figure is; the folder is remembered for the next export.</source>
            <translation>Tempat berkas ditulis. Namanya menyebutkan isi gambar; foldernya diingat untuk ekspor berikutnya.</translation>
        </message>
        <message>
            <source>Width of a custom figure in pixels.</source>
            <translation>Lebar gambar ukuran sendiri, dalam piksel.</translation>
        </message>
        <message>
            <source>Window size (%1 × %2)</source>
            <translation>Ukuran jendela (%1 × %2)</translation>
        </message>
    </context>
    <context>
        <name>presisi::FormatPropertyTable</name>
        <message>
            <source>Every format's properties, from the one format table the rounding uses. Hover a column's header for what it means.</source>
            <translation>Properti setiap format, dari satu-satunya tabel format yang dipakai pembulatan. Arahkan kursor ke judul kolom untuk artinya.</translation>
        </message>
        <message>
            <source>NaN</source>
            <translation>NaN</translation>
        </message>
        <message>
            <source>The distance from 1 to the next value, 2^-mantissa bits: the format's relative precision.</source>
            <translation>Jarak dari 1 ke nilai berikutnya, 2^-bit mantisa: presisi relatif format.</translation>
        </message>
        <message>
            <source>The format's name here and in PyTorch / ml_dtypes.</source>
            <translation>Nama format di sini dan di PyTorch / ml_dtypes.</translation>
        </message>
        <message>
            <source>The largest finite value.</source>
            <translation>Nilai hingga terbesar.</translation>
        </message>
        <message>
            <source>The smallest value above zero; between it and the smallest normal precision is lost bit by bit.</source>
            <translation>Nilai terkecil di atas nol; di antara nilai ini dan normal terkecil, presisi hilang bit demi bit.</translation>
        </message>
        <message>
            <source>The smallest value with full precision, 2^(1 − bias).</source>
            <translation>Nilai terkecil dengan presisi penuh, 2^(1 − bias).</translation>
        </message>
        <message>
            <source>Total bits = sign + exponent + mantissa (stored fraction) bits. e8m0 has no sign and no mantissa: it is a power of two, the shared scale of an MX block.</source>
            <translation>Jumlah bit = bit tanda + eksponen + mantisa (pecahan yang disimpan). e8m0 tidak punya tanda dan mantisa: nilainya pangkat dua, skala bersama sebuah blok MX.</translation>
        </message>
        <message>
            <source>Whether the format has a NaN code. FP6 and FP4 have none: every code is a number.</source>
            <translation>Apakah format punya kode NaN. FP6 dan FP4 tidak punya: setiap kode adalah bilangan.</translation>
        </message>
        <message>
            <source>Whether the format has an infinity. Without one, an overflow becomes NaN (e4m3, under the OCP conversion) or ±max (FP6, FP4, and every format when saturating).</source>
            <translation>Apakah format punya tak hingga. Tanpa itu, overflow menjadi NaN (e4m3, dengan konversi OCP) atau ±maks (FP6, FP4, dan setiap format bila saturasi aktif).</translation>
        </message>
        <message>
            <source>bits (s·e·m)</source>
            <translation>bit (t·e·m)</translation>
        </message>
        <message>
            <source>epsilon</source>
            <translation>epsilon</translation>
        </message>
        <message>
            <source>format</source>
            <translation>format</translation>
        </message>
        <message>
            <source>inf</source>
            <translation>inf</translation>
        </message>
        <message>
            <source>max</source>
            <translation>maks</translation>
        </message>
        <message>
            <source>no</source>
            <translation>tidak</translation>
        </message>
        <message>
            <source>smallest normal</source>
            <translation>normal terkecil</translation>
        </message>
        <message>
            <source>smallest subnormal</source>
            <translation>subnormal terkecil</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>ya</translation>
        </message>
        <message>
            <source>yes (0xff)</source>
            <translation>ya (0xff)</translation>
        </message>
        <message>
            <source>yes (S.1111.111)</source>
            <translation>ya (S.1111.111)</translation>
        </message>
        <message>
            <source>— (no subnormals)</source>
            <translation>— (tanpa subnormal)</translation>
        </message>
    </context>
    <context>
        <name>presisi::FormatValueRows</name>
        <message>
            <source>%1 (%2): %3 bits = %4%5 exponent + %6 mantissa · max %7</source>
            <translation>%1 (%2): %3 bit = %4%5 eksponen + %6 mantisa · maks %7</translation>
        </message>
        <message>
            <source>%1 (relative %2)</source>
            <translation>%1 (relatif %2)</translation>
        </message>
        <message>
            <source>%1 has no NaN: a cast stores a zero's code (ml_dtypes)</source>
            <translation>%1 tidak punya NaN: cast menyimpan kode nol (ml_dtypes)</translation>
        </message>
        <message>
            <source>%1, which %2 cannot hold: NaN</source>
            <translation>%1, yang tidak dapat ditampung %2: NaN</translation>
        </message>
        <message>
            <source>%1, which %2 cannot hold: inf</source>
            <translation>%1, yang tidak dapat ditampung %2: inf</translation>
        </message>
        <message>
            <source>%1, which %2 cannot hold: saturated to ±%3</source>
            <translation>%1, yang tidak dapat ditampung %2: disaturasi ke ±%3</translation>
        </message>
        <message>
            <source>1 sign + </source>
            <translation>1 tanda + </translation>
        </message>
        <message>
            <source>; saturating gives %1</source>
            <translation>; saturasi menghasilkan %1</translation>
        </message>
        <message>
            <source>; the OCP conversion gives %1</source>
            <translation>; konversi OCP menghasilkan %1</translation>
        </message>
        <message>
            <source>NaN stays NaN in every format</source>
            <translation>NaN tetap NaN di setiap format</translation>
        </message>
        <message>
            <source>The exponent bits set the range (max, smallest normal %3), the mantissa bits the precision: %1 significant bits, so neighbouring normal values differ by at most 1 part in 2^%2 (the ulp). Below the smallest normal, subnormals trade precision for range down to the smallest subnormal, %4.</source>
            <translation>Bit eksponen menentukan rentang (maks, normal terkecil %3), bit mantisa menentukan presisi: %1 bit signifikan, sehingga nilai normal yang bertetangga berselisih paling banyak 1 bagian dalam 2^%2 (ulp). Di bawah normal terkecil, subnormal menukar presisi dengan rentang hingga subnormal terkecil, %4.</translation>
        </message>
        <message>
            <source>The stored bits: %1exponent (biased by %2; %3) and mantissa (the fraction after the leading 1). A 1 is drawn in the field's full colour, a 0 paler.</source>
            <translation>Bit yang disimpan: %1eksponen (dengan bias %2; %3) dan mantisa (pecahan setelah angka 1 di depan). Bit 1 digambar dengan warna penuh bidangnya, bit 0 lebih pucat.</translation>
        </message>
        <message>
            <source>Where the value sits among each format's ranges</source>
            <translation>Letak nilai di antara rentang tiap format</translation>
        </message>
        <message>
            <source>all ones means inf or NaN, all zeros subnormal or zero</source>
            <translation>semua satu berarti inf atau NaN, semua nol berarti subnormal atau nol</translation>
        </message>
        <message>
            <source>all ones with mantissa all ones is NaN, all zeros subnormal or zero</source>
            <translation>semua satu dengan mantisa semua satu berarti NaN, semua nol berarti subnormal atau nol</translation>
        </message>
        <message>
            <source>beyond the largest value: saturated to ±%1</source>
            <translation>di atas nilai terbesar: disaturasi ke ±%1</translation>
        </message>
        <message>
            <source>e8m0 has no zero and no sign: zero and negative numbers become NaN</source>
            <translation>e8m0 tidak punya nol dan tanda: nol dan bilangan negatif menjadi NaN</translation>
        </message>
        <message>
            <source>every code a number, all zeros subnormal or zero</source>
            <translation>setiap kode adalah bilangan, semua nol berarti subnormal atau nol</translation>
        </message>
        <message>
            <source>exactly half the smallest subnormal %1: a tie, rounded to the even neighbour, 0</source>
            <translation>tepat setengah subnormal terkecil %1: seri, dibulatkan ke tetangga genap, 0</translation>
        </message>
        <message>
            <source>exactly halfway between the largest value %1 and %2, one step past the range: a tie, rounded to the even neighbour (%1 ends in a 1 bit), %3</source>
            <translation>tepat di tengah antara nilai terbesar %1 dan %2, satu langkah di luar rentang: seri, dibulatkan ke tetangga genap (%1 berakhir dengan bit 1), %3</translation>
        </message>
        <message>
            <source>exactly halfway between the largest value %1 and %2, one step past the range: a tie, rounded to the even neighbour, %1 (its last bit is 0)</source>
            <translation>tepat di tengah antara nilai terbesar %1 dan %2, satu langkah di luar rentang: seri, dibulatkan ke tetangga genap, %1 (bit terakhirnya 0)</translation>
        </message>
        <message>
            <source>inf</source>
            <translation>inf</translation>
        </message>
        <message>
            <source>inf stays inf in every format</source>
            <translation>inf tetap inf di setiap format</translation>
        </message>
        <message>
            <source>inf: overflow</source>
            <translation>inf: overflow</translation>
        </message>
        <message>
            <source>nan</source>
            <translation>nan</translation>
        </message>
        <message>
            <source>no sign + </source>
            <translation>tanpa tanda + </translation>
        </message>
        <message>
            <source>none</source>
            <translation>tak ada</translation>
        </message>
        <message>
            <source>none (stored as itself)</source>
            <translation>tidak ada (disimpan apa adanya)</translation>
        </message>
        <message>
            <source>normal</source>
            <translation>normal</translation>
        </message>
        <message>
            <source>overflow: %1 has no inf, the OCP conversion gives NaN</source>
            <translation>overflow: %1 tidak punya inf, konversi OCP menghasilkan NaN</translation>
        </message>
        <message>
            <source>overflow: |x| ≥ %1 rounds to inf</source>
            <translation>overflow: |x| ≥ %1 dibulatkan ke inf</translation>
        </message>
        <message>
            <source>sign (0 = positive), </source>
            <translation>tanda (0 = positif), </translation>
        </message>
        <message>
            <source>stored &lt;b&gt;%1&lt;/b&gt; (%2)%3&lt;br&gt;error %4 · bits 0x%5 · neighbours %6 ◀ ▶ %7</source>
            <translation>tersimpan &lt;b&gt;%1&lt;/b&gt; (%2)%3&lt;br&gt;galat %4 · bit 0x%5 · tetangga %6 ◀ ▶ %7</translation>
        </message>
        <message>
            <source>stored: the nearest value the format holds (ties to even) and its class; error: stored − typed, and relative to the typed value; neighbours: the next values below and above, one ulp away.</source>
            <translation>tersimpan: nilai terdekat yang dapat dimuat format (seri ke genap) dan kelasnya; galat: tersimpan − diketik, juga relatif terhadap nilai yang diketik; tetangga: nilai berikutnya di bawah dan di atas, sejauh satu ulp.</translation>
        </message>
        <message>
            <source>subnormal</source>
            <translation>subnormal</translation>
        </message>
        <message>
            <source>subnormal: fewer significant bits below %1</source>
            <translation>subnormal: bit signifikan lebih sedikit di bawah %1</translation>
        </message>
        <message>
            <source>the value is 2^(e − 127), all ones is NaN</source>
            <translation>nilainya 2^(e − 127), semua satu berarti NaN</translation>
        </message>
        <message>
            <source>underflow: below half the smallest subnormal %1</source>
            <translation>tenggelam ke nol: di bawah setengah subnormal terkecil %1</translation>
        </message>
        <message>
            <source>which e8m0 does not have</source>
            <translation>yang tidak dimiliki e8m0</translation>
        </message>
        <message>
            <source>zero</source>
            <translation>nol</translation>
        </message>
        <message>
            <source>|value| on a log2 axis: pale is each format's subnormal range, solid its normal range, and the marker the typed value. Left of a row's pale part the value rounds to 0, right of its solid part to inf (or NaN, or max). e8m0's range, 2^-127 to 2^127, is in the property table.</source>
            <translation>|nilai| pada sumbu log2: bagian pucat adalah rentang subnormal tiap format, bagian pekat rentang normalnya, dan penanda adalah nilai yang diketik. Di kiri bagian pucat suatu baris nilainya dibulatkan ke 0, di kanan bagian pekatnya ke inf (atau NaN, atau maks). Rentang e8m0, 2^-127 sampai 2^127, ada di tabel properti.</translation>
        </message>
        <message>
            <source>— (NaN)</source>
            <translation>— (NaN)</translation>
        </message>
    </context>
    <context>
        <name>presisi::FormatsPage</name>
        <message>
            <source>%1 in %2: stored as &lt;b&gt;%3&lt;/b&gt; (code 0x%4). Inputs that round to this code: %5</source>
            <translation>%1 dalam %2: disimpan sebagai &lt;b&gt;%3&lt;/b&gt; (kode 0x%4). Masukan yang dibulatkan ke kode ini: %5</translation>
        </message>
        <message>
            <source>, saturating</source>
            <translation>, dengan saturasi</translation>
        </message>
        <message>
            <source>8 bits and below</source>
            <translation>8 bit ke bawah</translation>
        </message>
        <message>
            <source>&lt;b&gt;Formats.&lt;/b&gt; Type a value and see how each format stores it. bf16 keeps float32's 8 exponent bits (same range, 8 bits of precision); f16 has 5 exponent bits: its largest value is 65504, its smallest normal 2&lt;sup&gt;-14&lt;/sup&gt; and smallest subnormal 2&lt;sup&gt;-24&lt;/sup&gt;.&lt;br&gt;&lt;br&gt;Try 65520 (rounds to inf in f16), 0x1p-25 (ties to even: 0 in f16), 1e-8 (a gradient that sinks to zero in f16 but not in bf16) and 0.1.&lt;br&gt;&lt;br&gt;&lt;b&gt;8 bits and below.&lt;/b&gt; FP8 &lt;b&gt;e4m3&lt;/b&gt; holds activations and weights (3 mantissa bits, max 448); &lt;b&gt;e5m2&lt;/b&gt; holds gradients, which need range more than precision (max 57344, down to 2&lt;sup&gt;-16&lt;/sup&gt;). FP6 (e3m2, e2m3) and FP4 (e2m1: 0, 0.5, 1, 1.5, 2, 3, 4, 6) have too few values for a whole tensor, so &lt;b&gt;blocks&lt;/b&gt; of 32 elements share a scale: the block's largest value lands near the element format's max and the small ones keep what precision is left. That scale is &lt;b&gt;e8m0&lt;/b&gt;, eight exponent bits and nothing else: a power of two from 2&lt;sup&gt;-127&lt;/sup&gt; to 2&lt;sup&gt;127&lt;/sup&gt;, no zero, no sign.&lt;br&gt;&lt;br&gt;Beyond the largest value, the OCP conversion (ml_dtypes) gives NaN in e4m3 and inf in e5m2, while PyTorch's and Transformer Engine's casts saturate: try 500 with and without &lt;i&gt;Saturate&lt;/i&gt;. In the block view, FLOOR (the OCP rule) may saturate the block's largest element; RCEIL (Transformer Engine) scales one power higher so nothing saturates and small elements may become zero.</source>
            <translation>&lt;b&gt;Format.&lt;/b&gt; Ketik sebuah nilai dan lihat bagaimana tiap format menyimpannya. bf16 mempertahankan 8 bit eksponen float32 (rentang sama, presisi 8 bit); f16 punya 5 bit eksponen: nilai terbesarnya 65504, normal terkecilnya 2&lt;sup&gt;-14&lt;/sup&gt; dan subnormal terkecilnya 2&lt;sup&gt;-24&lt;/sup&gt;.&lt;br&gt;&lt;br&gt;Coba 65520 (menjadi inf di f16), 0x1p-25 (seri ke genap: 0 di f16), 1e-8 (gradien yang tenggelam ke nol di f16 tetapi tidak di bf16) dan 0,1.&lt;br&gt;&lt;br&gt;&lt;b&gt;8 bit ke bawah.&lt;/b&gt; FP8 &lt;b&gt;e4m3&lt;/b&gt; menampung aktivasi dan bobot (3 bit mantisa, maks 448); &lt;b&gt;e5m2&lt;/b&gt; menampung gradien, yang lebih membutuhkan rentang daripada presisi (maks 57344, turun sampai 2&lt;sup&gt;-16&lt;/sup&gt;). FP6 (e3m2, e2m3) dan FP4 (e2m1: 0; 0,5; 1; 1,5; 2; 3; 4; 6) memiliki terlalu sedikit nilai untuk seluruh tensor, sehingga &lt;b&gt;blok&lt;/b&gt; berisi 32 elemen berbagi satu skala: nilai terbesar blok jatuh di dekat maks format elemen dan nilai-nilai kecil mempertahankan sisa presisi yang ada. Skala itu adalah &lt;b&gt;e8m0&lt;/b&gt;, delapan bit eksponen dan tidak ada yang lain: pangkat dua dari 2&lt;sup&gt;-127&lt;/sup&gt; sampai 2&lt;sup&gt;127&lt;/sup&gt;, tanpa nol, tanpa tanda.&lt;br&gt;&lt;br&gt;Di atas nilai terbesar, konversi OCP (ml_dtypes) menghasilkan NaN di e4m3 dan inf di e5m2, sedangkan cast PyTorch dan Transformer Engine melakukan saturasi: coba 500 dengan dan tanpa &lt;i&gt;Saturasikan overflow&lt;/i&gt;. Di tampilan blok, FLOOR (aturan OCP) dapat membuat elemen terbesar blok tersaturasi; RCEIL (Transformer Engine) menskalakan satu pangkat lebih tinggi sehingga tidak ada yang tersaturasi dan elemen kecil bisa menjadi nol.</translation>
        </message>
        <message>
            <source>A&amp;xis:</source>
            <translation>S&amp;umbu:</translation>
        </message>
        <message>
            <source>Block (MX, NVFP4)</source>
            <translation>Blok (MX, NVFP4)</translation>
        </message>
        <message>
            <source>Ctrl+Tab and Ctrl+Shift+Tab switch between these tabs.</source>
            <translation>Ctrl+Tab dan Ctrl+Shift+Tab berpindah antar-tab ini.</translation>
        </message>
        <message>
            <source>Every non-negative value of the format as a tick (negative values mirror them), the typed value's magnitude as the triangle, the value it is stored as as the thick tick, and shaded the inputs that round to that code: a filled end belongs to it, a hollow one not.</source>
            <translation>Setiap nilai tak negatif format sebagai garis tanda (nilai negatif mencerminkannya), besar nilai yang diketik sebagai segitiga, nilai tersimpannya sebagai garis tanda tebal, dan yang diarsir adalah masukan yang dibulatkan ke kode itu: ujung yang terisi termasuk di dalamnya, ujung yang berlubang tidak.</translation>
        </message>
        <message>
            <source>For&amp;mat:</source>
            <translation>For&amp;mat:</translation>
        </message>
        <message>
            <source>Formats</source>
            <translation>Format</translation>
        </message>
        <message>
            <source>Number line</source>
            <translation>Garis bilangan</translation>
        </message>
        <message>
            <source>Off: the OCP conversion ml_dtypes implements: beyond the largest value e4m3 gives NaN, e5m2, f16, bf16 and f32 give inf, FP6 and FP4 their max. On: every format clamps to ±max, as PyTorch's cast to float8_e4m3fn and Transformer Engine's satfinite do. 500 in e4m3: NaN, or 448 saturating.</source>
            <translation>Mati: konversi OCP yang diterapkan ml_dtypes: di atas nilai terbesar, e4m3 menghasilkan NaN, e5m2, f16, bf16 dan f32 menghasilkan inf, FP6 dan FP4 nilai maksnya. Hidup: setiap format dipotong ke ±maks, seperti cast PyTorch ke float8_e4m3fn dan satfinite Transformer Engine. 500 dalam e4m3: NaN, atau 448 dengan saturasi.</translation>
        </message>
        <message>
            <source>Presisi formats: %1 in %2%3</source>
            <translation>Format Presisi: %1 dalam %2%3</translation>
        </message>
        <message>
            <source>Properties</source>
            <translation>Properti</translation>
        </message>
        <message>
            <source>Sa&amp;turate overflow</source>
            <translation>Saturasikan &amp;overflow</translation>
        </message>
        <message>
            <source>Sho&amp;w:</source>
            <translation>Tampil&amp;kan:</translation>
        </message>
        <message>
            <source>The axis: linear shows the even steps of FP4 and e2m3, log2 the binades of formats with a wide range (8 values per binade in e4m3, 4 in e5m2). Auto picks the one that fits the format.</source>
            <translation>Sumbu: linear menampilkan langkah seragam FP4 dan e2m3, log2 menampilkan binade format yang rentangnya lebar (8 nilai per binade pada e4m3, 4 pada e5m2). Otomatis memilih yang cocok dengan formatnya.</translation>
        </message>
        <message>
            <source>The format whose every value is drawn: FP8 (e4m3, e5m2), FP6 (e3m2, e2m3), FP4 (e2m1) or the scale format e8m0.</source>
            <translation>Format yang setiap nilainya digambar: FP8 (e4m3, e5m2), FP6 (e3m2, e2m3), FP4 (e2m1) atau format skala e8m0.</translation>
        </message>
        <message>
            <source>The value to store, as a decimal or hexadecimal float: 65520, 1e-8, -0.1, 0x1p-24, inf, nan. It is rounded to each format to nearest, ties to even, as a cast does.</source>
            <translation>Nilai yang disimpan, sebagai float desimal atau heksadesimal: 65520, 1e-8, -0.1, 0x1p-24, inf, nan. Nilai ini dibulatkan ke tiap format ke yang terdekat, seri ke genap, seperti cast.</translation>
        </message>
        <message>
            <source>Val&amp;ue:</source>
            <translation>&amp;Nilai:</translation>
        </message>
        <message>
            <source>Value in each format</source>
            <translation>Nilai di setiap format</translation>
        </message>
        <message>
            <source>What each of the formats of 8 bits and below is for.</source>
            <translation>Kegunaan setiap format 8 bit ke bawah.</translation>
        </message>
        <message>
            <source>Which formats the Value tab shows: the 32- and 16-bit compute formats, the formats of 8 bits and below (FP8 e4m3 and e5m2, FP6 e3m2 and e2m3, FP4 e2m1, the scale format e8m0), or all nine.</source>
            <translation>Format yang ditampilkan tab Nilai: format komputasi 32 dan 16 bit, format 8 bit ke bawah (FP8 e4m3 dan e5m2, FP6 e3m2 dan e2m3, FP4 e2m1, format skala e8m0), atau kesembilannya.</translation>
        </message>
        <message>
            <source>Which interval of inputs rounds to the stored value's code, and whether each end belongs to it: a tie (an input exactly halfway) goes to the neighbour whose last bit is 0; e8m0 rounds ties upwards.</source>
            <translation>Selang masukan mana yang dibulatkan ke kode nilai tersimpan, dan apakah setiap ujungnya termasuk: nilai seri (masukan tepat di tengah) jatuh ke tetangga yang bit terakhirnya 0; e8m0 membulatkan seri ke atas.</translation>
        </message>
        <message>
            <source>Why the text typed is not a value, if it is not.</source>
            <translation>Mengapa teks yang diketik bukan nilai, bila memang bukan.</translation>
        </message>
        <message>
            <source>all nine formats</source>
            <translation>kesembilan format</translation>
        </message>
        <message>
            <source>auto</source>
            <translation>otomatis</translation>
        </message>
        <message>
            <source>e4m3 (FP8) stores activations and weights: more precision, range up to 448. e5m2 stores gradients: the range of f16 (to 57344) with two mantissa bits. FP6 and FP4 are element formats of MX blocks: too few values to hold a tensor alone, so every 32 elements share an e8m0 scale, a power of two from 2^-127 to 2^127.</source>
            <translation>e4m3 (FP8) menyimpan aktivasi dan bobot: presisi lebih tinggi, rentang sampai 448. e5m2 menyimpan gradien: rentang f16 (sampai 57344) dengan dua bit mantisa. FP6 dan FP4 adalah format elemen blok MX: nilainya terlalu sedikit untuk memuat tensor sendirian, sehingga setiap 32 elemen berbagi satu skala e8m0, pangkat dua dari 2^-127 sampai 2^127.</translation>
        </message>
        <message>
            <source>f32 · bf16 · f16</source>
            <translation>f32 · bf16 · f16</translation>
        </message>
        <message>
            <source>linear</source>
            <translation>linear</translation>
        </message>
        <message>
            <source>log2</source>
            <translation>log2</translation>
        </message>
        <message>
            <source>not a number: type e.g. 65520, 1e-8, 0x1p-24</source>
            <translation>bukan angka: ketik mis. 65520, 1e-8, 0x1p-24</translation>
        </message>
    </context>
    <context>
        <name>presisi::GradientRangeView</name>
        <message>
            <source> · scale 2^%1</source>
            <translation> · skala 2^%1</translation>
        </message>
        <message>
            <source>Gradient magnitudes of every lane as log2 bins over the f16 and bf16 ranges.</source>
            <translation>Besaran gradien setiap lajur dalam bin log2 terhadap rentang f16 dan bf16.</translation>
        </message>
        <message>
            <source>Histogram</source>
            <translation>Histogram</translation>
        </message>
        <message>
            <source>L%1 %2</source>
            <translation>L%1 %2</translation>
        </message>
        <message>
            <source>Per layer and tensor kind: the smallest non-zero to the largest magnitude of one lane, over its format's flush-to-zero, subnormal, normal and overflow regions.</source>
            <translation>Per layer dan jenis tensor: besaran bukan nol terkecil sampai terbesar dari satu lajur, terhadap wilayah flush-to-zero, subnormal, normal, dan overflow formatnya.</translation>
        </message>
        <message>
            <source>Per-layer ranges, %1</source>
            <translation>Rentang per layer, %1</translation>
        </message>
        <message>
            <source>Per-layer ranges, %1, step %2%3</source>
            <translation>Rentang per layer, %1, langkah %2%3</translation>
        </message>
        <message>
            <source>Press Play (Space), or step (.): a snapshot every few steps (statistics on)</source>
            <translation>Tekan Putar (Spasi), atau langkah (.): satu cuplikan setiap beberapa langkah (statistik hidup)</translation>
        </message>
        <message>
            <source>Ranges</source>
            <translation>Rentang</translation>
        </message>
        <message>
            <source>Rows: L1 = layer 1; outputs = the linear layer's output (activations), output grads = the gradient there, weight grads = weight and bias gradients. Bar: the lane's smallest non-zero to largest magnitude; thin line: the same in a float32 shadow (gradients times the loss scale); grey arrow: some elements underflowed to 0, red: some overflowed to inf/NaN.</source>
            <translation>Baris: L1 = layer 1; keluaran = keluaran layer linier (aktivasi), grad keluaran = gradien di sana, grad bobot = gradien bobot dan bias. Batang: besaran bukan nol terkecil sampai terbesar lajur itu; garis tipis: hal yang sama pada bayangan float32 (gradien dikali skala loss); panah abu-abu: sebagian elemen tenggelam ke 0, merah: sebagian overflow ke inf/NaN.</translation>
        </message>
        <message>
            <source>The lane whose tensors the range chart shows (against that lane's format).</source>
            <translation>Lajur yang tensornya ditampilkan grafik rentang (terhadap format lajur itu).</translation>
        </message>
        <message>
            <source>lane</source>
            <translation>lajur</translation>
        </message>
    </context>
    <context>
        <name>presisi::GuidedTour</name>
        <message>
            <source>&amp;Finish</source>
            <translation>&amp;Selesai</translation>
        </message>
        <message>
            <source>&amp;Next →</source>
            <translation>&amp;Lanjut →</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Tutup</translation>
        </message>
        <message>
            <source>End the tour (Esc); the window stays as the step left it</source>
            <translation>Akhiri tur (Esc); jendela tetap seperti yang ditinggalkan langkah terakhir</translation>
        </message>
        <message>
            <source>Guided tour · step %1 of %2</source>
            <translation>Tur terpandu · langkah %1 dari %2</translation>
        </message>
        <message>
            <source>The next step: sets the window up for it (a run still going is stopped first)</source>
            <translation>Langkah berikutnya: menata jendela untuknya (run yang masih berjalan dihentikan dulu)</translation>
        </message>
        <message>
            <source>The previous step: sets the window up for it again</source>
            <translation>Langkah sebelumnya: menata jendela untuknya lagi</translation>
        </message>
        <message>
            <source>← &amp;Back</source>
            <translation>← &amp;Kembali</translation>
        </message>
    </context>
    <context>
        <name>presisi::LaneBoard</name>
        <message>
            <source> (skipped)</source>
            <translation> (dilewati)</translation>
        </message>
        <message>
            <source> · eval acc. %1</source>
            <translation> · akurasi evaluasi %1</translation>
        </message>
        <message>
            <source> · sat</source>
            <translation> · sat</translation>
        </message>
        <message>
            <source> · ⚠ scaler struggling</source>
            <translation> · ⚠ penskala kesulitan</translation>
        </message>
        <message>
            <source>%1 blocks · %2</source>
            <translation>blok %1 · %2</translation>
        </message>
        <message>
            <source>1-D W</source>
            <translation>W 1-D</translation>
        </message>
        <message>
            <source>16×16 W</source>
            <translation>W 16×16</translation>
        </message>
        <message>
            <source>Gradient norm: the L2 norm of this step's float32 master gradients of every weight and bias, unscaled (scaler lanes: divided by the scale); inf or nan when a gradient overflowed.</source>
            <translation>Norma gradien: norma L2 gradien master float32 langkah ini untuk semua bobot dan bias, tanpa skala (lajur penskala: dibagi skalanya); inf atau nan bila sebuah gradien overflow.</translation>
        </message>
        <message>
            <source>How far the running sum is from the exact sum, in percent of it.</source>
            <translation>Seberapa jauh jumlah berjalan dari jumlah eksak, dalam persen jumlah eksak.</translation>
        </message>
        <message>
            <source>RHT</source>
            <translation>RHT</translation>
        </message>
        <message>
            <source>SR grads</source>
            <translation>gradien SR</translation>
        </message>
        <message>
            <source>Scaler recovered at step %1: %2</source>
            <translation>Penskala pulih pada langkah %1: %2</translation>
        </message>
        <message>
            <source>Scaler warning at step %1: %2</source>
            <translation>Peringatan penskala pada langkah %1: %2</translation>
        </message>
        <message>
            <source>Share of this step's batch the lane classifies correctly (the argmax of its outputs).</source>
            <translation>Bagian batch langkah ini yang diklasifikasikan benar oleh lajur (argmax keluarannya).</translation>
        </message>
        <message>
            <source>The exact sum of the same values (double).</source>
            <translation>Jumlah eksak dari nilai yang sama (double).</translation>
        </message>
        <message>
            <source>The lane's decision regions over the data (points: the samples, coloured by class), redrawn every few steps.</source>
            <translation>Wilayah keputusan lajur di atas data (titik: sampel, diwarnai menurut kelas), digambar ulang setiap beberapa langkah.</translation>
        </message>
        <message>
            <source>The lane's fit: its predictions against the data, redrawn every few steps.</source>
            <translation>Kecocokan lajur: prediksinya terhadap data, digambar ulang setiap beberapa langkah.</translation>
        </message>
        <message>
            <source>The lane's running sum after this step, held in its format.</source>
            <translation>Jumlah berjalan lajur setelah langkah ini, disimpan dalam formatnya.</translation>
        </message>
        <message>
            <source>The loss of this step's forward pass on the batch, before the update, computed in the lane's format under autocast (nan: the lane has diverged).</source>
            <translation>Loss forward pass langkah ini pada batch, sebelum pembaruan, dihitung dalam format lajur di bawah autocast (nan: lajur telah divergen).</translation>
        </message>
        <message>
            <source>The step and how many values have been summed so far.</source>
            <translation>Langkahnya dan banyaknya nilai yang sudah dijumlahkan.</translation>
        </message>
        <message>
            <source>The step; the loss scale (2^k; skipped: the step's scaled gradients overflowed, so the weights were left untouched); overflows: elements of this step's activations and gradients that are inf or NaN. At the end: the final evaluation, in float32 without gradients.</source>
            <translation>Langkahnya; skala loss (2^k; dilewati: gradien terskala langkah itu overflow, sehingga bobot tidak diubah); overflow: elemen aktivasi dan gradien langkah ini yang inf atau NaN. Di akhir: evaluasi akhir, dalam float32 tanpa gradien.</translation>
        </message>
        <message>
            <source>Underflow: of all gradient elements of the kind chosen under Charts (weight or activation gradients), the share that is exactly 0 in this lane while a float32 shadow backward on the lane's own weights and batch gives it non-zero.</source>
            <translation>Underflow: dari semua elemen gradien jenis yang dipilih di Grafik (gradien bobot atau aktivasi), bagian yang persis 0 pada lajur ini padahal backward bayangan float32 pada bobot dan batch milik lajur itu sendiri memberinya nilai bukan nol.</translation>
        </message>
        <message>
            <source>accuracy</source>
            <translation>akurasi</translation>
        </message>
        <message>
            <source>all %1</source>
            <translation>semua %1</translation>
        </message>
        <message>
            <source>current scale</source>
            <translation>skala current</translation>
        </message>
        <message>
            <source>delayed scale</source>
            <translation>skala delayed</translation>
        </message>
        <message>
            <source>delayed scale (newest amax)</source>
            <translation>skala delayed (amax terbaru)</translation>
        </message>
        <message>
            <source>e4m3 · e5m2 grads</source>
            <translation>e4m3 · gradien e5m2</translation>
        </message>
        <message>
            <source>error</source>
            <translation>galat</translation>
        </message>
        <message>
            <source>exact sum</source>
            <translation>jumlah eksak</translation>
        </message>
        <message>
            <source>grad norm</source>
            <translation>norma grad</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>loss</translation>
        </message>
        <message>
            <source>nearest grads</source>
            <translation>gradien terdekat</translation>
        </message>
        <message>
            <source>running sum</source>
            <translation>jumlah berjalan</translation>
        </message>
        <message>
            <source>step %1 · %2 values summed</source>
            <translation>langkah %1 · %2 nilai dijumlahkan</translation>
        </message>
        <message>
            <source>step %1 · %2 · overflows %3</source>
            <translation>langkah %1 · %2 · overflow %3</translation>
        </message>
        <message>
            <source>step %1 · eval loss %2%3%4</source>
            <translation>langkah %1 · loss evaluasi %2%3%4</translation>
        </message>
        <message>
            <source>step %1 · scale %2%3 · overflows %4%5</source>
            <translation>langkah %1 · skala %2%3 · overflow %4%5</translation>
        </message>
        <message>
            <source>underflow</source>
            <translation>underflow</translation>
        </message>
    </context>
    <context>
        <name>presisi::LaneTile</name>
        <message>
            <source>The lane %1: device:format, then +ftz (subnormals flushed to zero), +native (the CPU's own low-precision instructions) or +scaler (a loss scaler). Its colour and line pattern are the same in every chart.</source>
            <translation>Lajur %1: perangkat:format, lalu +ftz (subnormal di-flush ke nol), +native (instruksi presisi rendah milik CPU sendiri) atau +scaler (penskala loss). Warna dan pola garisnya sama di setiap grafik.</translation>
        </message>
    </context>
    <context>
        <name>presisi::LinearFilesBox</name>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>%1: seeded</source>
            <translation>%1: dari seed</translation>
        </message>
        <message>
            <source>Back to the seeded x, W and b (torch.manual_seed(seed))</source>
            <translation>Kembali ke x, W dan b dari seed (torch.manual_seed(seed))</translation>
        </message>
        <message>
            <source>Cannot use this file</source>
            <translation>Berkas ini tidak dapat dipakai</translation>
        </message>
        <message>
            <source>Every lane's output as &lt;lane&gt;.npy (float32) with a manifest.json, into a new or empty folder; the x, W and b each lane multiplied beside them</source>
            <translation>Keluaran setiap lajur sebagai &lt;lajur&gt;.npy (float32) beserta manifest.json, ke dalam folder baru atau kosong; x, W dan b yang dikalikan setiap lajur di sampingnya</translation>
        </message>
        <message>
            <source>Load W…</source>
            <translation>Muat W…</translation>
        </message>
        <message>
            <source>Load a tensor</source>
            <translation>Muat sebuah tensor</translation>
        </message>
        <message>
            <source>Load b…</source>
            <translation>Muat b…</translation>
        </message>
        <message>
            <source>Load x…</source>
            <translation>Muat x…</translation>
        </message>
        <message>
            <source>NumPy arrays (*.npy);;All files (*)</source>
            <translation>Larik NumPy (*.npy);;Semua berkas (*)</translation>
        </message>
        <message>
            <source>Save outputs…</source>
            <translation>Simpan keluaran…</translation>
        </message>
        <message>
            <source>Seeded</source>
            <translation>Dari seed</translation>
        </message>
        <message>
            <source>W from a .npy file, shape (out, in) as nn.Linear stores it</source>
            <translation>W dari berkas .npy, bentuk (out, in) seperti disimpan nn.Linear</translation>
        </message>
        <message>
            <source>W: %1</source>
            <translation>W: %1</translation>
        </message>
        <message>
            <source>Your own x, W and b as .npy files instead of the seeded ones: float32, float16, or bfloat16 stored as uint16 bits (t.view(torch.int16).numpy().view(np.uint16)). x is (..., in), its leading dimensions the batch; W is (out, in) as nn.Linear stores it; b is (out,). W without b: no bias.</source>
            <translation>x, W dan b milik Anda sebagai berkas .npy, sebagai ganti yang dari seed: float32, float16, atau bfloat16 yang disimpan sebagai bit uint16 (t.view(torch.int16).numpy().view(np.uint16)). x berbentuk (..., in), dimensi-dimensi depannya menjadi batch; W berbentuk (out, in) seperti disimpan nn.Linear; b berbentuk (out,). W tanpa b: tanpa bias.</translation>
        </message>
        <message>
            <source>Your tensors</source>
            <translation>Tensor Anda</translation>
        </message>
        <message>
            <source>b from a .npy file, shape (out,)</source>
            <translation>b dari berkas .npy, bentuk (out,)</translation>
        </message>
        <message>
            <source>b: %1</source>
            <translation>b: %1</translation>
        </message>
        <message>
            <source>b: none (F.linear(x, W))</source>
            <translation>b: tidak ada (F.linear(x, W))</translation>
        </message>
        <message>
            <source>no bias</source>
            <translation>tanpa bias</translation>
        </message>
        <message>
            <source>x from a .npy file, shape (..., in)</source>
            <translation>x dari berkas .npy, bentuk (..., in)</translation>
        </message>
        <message>
            <source>x: %1</source>
            <translation>x: %1</translation>
        </message>
    </context>
    <context>
        <name>presisi::LinearForm</name>
        <message>
            <source> (mxfp6-e3m2 and mxfp8-e5m2 run from the command line: presisi linear --lanes cpu:mxfp6-e3m2)</source>
            <translation> (mxfp6-e3m2 dan mxfp8-e5m2 dijalankan dari baris perintah: presisi linear --lanes cpu:mxfp6-e3m2)</translation>
        </message>
        <message>
            <source>%1: blocks of 32 values along in share one power-of-two scale (e8m0); the elements are %2. The block's largest value sets the scale (see the scale mode below), so one outlier costs only its own block precision.</source>
            <translation>%1: blok berisi 32 nilai sepanjang in berbagi satu skala pangkat dua (e8m0); elemennya %2. Nilai terbesar blok menentukan skalanya (lihat mode skala di bawah), sehingga satu pencilan hanya mengorbankan presisi bloknya sendiri.</translation>
        </message>
        <message>
            <source>8 bits and below (CPU)</source>
            <translation>8 bit ke bawah (CPU)</translation>
        </message>
        <message>
            <source>A lane as autocast with torch.float16 runs the layer: 11 bits of precision, but magnitudes of 65520 and more round to inf and those of 2^-25 or less to 0.</source>
            <translation>Lajur yang menjalankan lapisan seperti autocast dengan torch.float16: presisi 11 bit, tetapi besaran 65520 ke atas dibulatkan ke inf dan besaran 2^-25 ke bawah ke 0.</translation>
        </message>
        <message>
            <source>A lane as torch.autocast(dtype=torch.bfloat16) runs the layer: x, weights and bias rounded to bfloat16, the output stored in bfloat16. Same range as float32, 8 bits of precision.</source>
            <translation>Lajur yang menjalankan lapisan seperti torch.autocast(dtype=torch.bfloat16): x, bobot dan bias dibulatkan ke bfloat16, keluarannya disimpan dalam bfloat16. Rentangnya sama dengan float32, presisinya 8 bit.</translation>
        </message>
        <message>
            <source>Accumulate in:</source>
            <translation>Akumulasi dalam:</translation>
        </message>
        <message>
            <source>Adds a CPU lane beside each low-precision lane whose product runs on the CPU's own bfloat16/float16 instructions (oneDNN), accumulating in float32 like the emulated lane. Here: %1</source>
            <translation>Menambahkan lajur CPU di samping tiap lajur presisi rendah yang perkaliannya berjalan pada instruksi bfloat16/float16 milik CPU sendiri (oneDNN), berakumulasi dalam float32 seperti lajur emulasi. Di sini: %1</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>Cancel computation</source>
            <translation>Batalkan komputasi</translation>
        </message>
        <message>
            <source>FP8, FP6 and FP4 lanes: x and the weights are stored in the format, scaled along in (each dot product's length), then multiplied with float32 accumulation; the bias and the output stay float32. They show what the storage costs, not a rounded output.</source>
            <translation>Lajur FP8, FP6 dan FP4: x dan bobot disimpan dalam format itu, diskalakan sepanjang in (panjang setiap perkalian titik), lalu dikalikan dengan akumulasi float32; bias dan keluaran tetap float32. Lajur ini menunjukkan biaya penyimpanan, bukan keluaran yang dibulatkan.</translation>
        </message>
        <message>
            <source>GPU (CUDA)</source>
            <translation>GPU (CUDA)</translation>
        </message>
        <message>
            <source>GPU: %1</source>
            <translation>GPU: %1</translation>
        </message>
        <message>
            <source>How an MX block's power-of-two scale follows its largest value: floor (the OCP rule, torchao's default) may push the largest values past the element's max, where they saturate; rceil (Transformer Engine) rounds the scale up so nothing saturates, at the cost of precision for the rest; ceil and even lie between.</source>
            <translation>Cara skala pangkat dua sebuah blok MX mengikuti nilai terbesarnya: floor (aturan OCP, bawaan torchao) dapat mendorong nilai terbesar melewati maks elemen, sehingga tersaturasi; rceil (Transformer Engine) membulatkan skala ke atas sehingga tidak ada yang tersaturasi, dengan mengorbankan presisi nilai lainnya; ceil dan even berada di antaranya.</translation>
        </message>
        <message>
            <source>How each dot product is summed: in float32, as autocast, cuBLAS and oneDNN do, or rounding every partial sum to the lane's format. The second shows why every library sums in f32: the error grows with in.</source>
            <translation>Cara tiap hasil kali titik dijumlahkan: dalam float32, seperti autocast, cuBLAS dan oneDNN, atau dengan membulatkan setiap jumlah parsial ke format lajur. Pilihan kedua menunjukkan mengapa setiap pustaka menjumlahkan dalam f32: galatnya tumbuh seiring in.</translation>
        </message>
        <message>
            <source>Lanes</source>
            <translation>Lajur</translation>
        </message>
        <message>
            <source>Layer and input</source>
            <translation>Lapisan dan masukan</translation>
        </message>
        <message>
            <source>MX scale</source>
            <translation>Skala MX</translation>
        </message>
        <message>
            <source>Run the lanes on the CPU (Presisi's emulation of PyTorch's CPU autocast).</source>
            <translation>Jalankan lajur-lajur di CPU (emulasi Presisi atas autocast CPU PyTorch).</translation>
        </message>
        <message>
            <source>Run the lanes on the CUDA GPU too (cuBLAS); each device's lanes are compared with that device's f32 lane.</source>
            <translation>Jalankan lajur-lajur juga di GPU CUDA (cuBLAS); lajur tiap perangkat dibandingkan dengan lajur f32 perangkat itu.</translation>
        </message>
        <message>
            <source>Stops the computation; the last finished one stays on screen</source>
            <translation>Menghentikan komputasi; hasil terakhir yang selesai tetap di layar</translation>
        </message>
        <message>
            <source>The float32 lane, always on: the other lanes on the same device are compared with its outputs.</source>
            <translation>Lajur float32, selalu aktif: lajur-lajur lain pada perangkat yang sama dibandingkan dengan keluarannya.</translation>
        </message>
        <message>
            <source>The low lanes set subnormal values to zero, as hardware in flush-to-zero mode does: x, the weights, the bias and the outputs are flushed at every rounding (the +ftz lanes).</source>
            <translation>Lajur presisi rendah menjadikan nilai subnormal nol, seperti perangkat keras dalam mode flush-to-zero: x, bobot, bias dan keluaran di-flush pada setiap pembulatan (lajur +ftz).</translation>
        </message>
        <message>
            <source>The per-tensor lanes clamp values beyond the format's max to ±max (torch's eager cast to float8_e4m3fn, Transformer Engine's satfinite) instead of the OCP conversion (e4m3 → NaN, e5m2 → inf). With the tensor's own amax nothing overflows, so the numbers rarely change; the tile says which rule ran.</source>
            <translation>Lajur per tensor memotong nilai di atas maks format ke ±maks (cast eager torch ke float8_e4m3fn, satfinite Transformer Engine) alih-alih konversi OCP (e4m3 → NaN, e5m2 → inf). Dengan amax tensor itu sendiri tidak ada yang overflow, sehingga angkanya jarang berubah; ubin menyebutkan aturan mana yang berjalan.</translation>
        </message>
        <message>
            <source>batch</source>
            <translation>batch</translation>
        </message>
        <message>
            <source>batch: rows of x = torch.randn(batch, in). Each row gives out outputs; all of them enter the metrics.</source>
            <translation>batch: baris x = torch.randn(batch, in). Tiap baris menghasilkan out keluaran; semuanya masuk ke dalam metrik.</translation>
        </message>
        <message>
            <source>bf16 (autocast)</source>
            <translation>bf16 (autocast)</translation>
        </message>
        <message>
            <source>e2m1 (FP4: 0, 0.5, 1, 1.5, 2, 3, 4, 6)</source>
            <translation>e2m1 (FP4: 0, 0.5, 1, 1.5, 2, 3, 4, 6)</translation>
        </message>
        <message>
            <source>e2m3 (FP6, max 7.5)</source>
            <translation>e2m3 (FP6, maks 7.5)</translation>
        </message>
        <message>
            <source>e4m3 (FP8)</source>
            <translation>e4m3 (FP8)</translation>
        </message>
        <message>
            <source>e4m3 (FP8, 3 mantissa bits, max 448): the format for activations and weights. One float32 scale per tensor, max/amax, as torchao's tensorwise float8 recipe computes it.</source>
            <translation>e4m3 (FP8, 3 bit mantisa, maks 448): format untuk aktivasi dan bobot. Satu skala float32 per tensor, maks/amax, seperti yang dihitung resep float8 tensorwise torchao.</translation>
        </message>
        <message>
            <source>e5m2 (FP8, 2 mantissa bits, max 57344): the format for gradients, with range rather than precision. One float32 scale per tensor, max/amax.</source>
            <translation>e5m2 (FP8, 2 bit mantisa, maks 57344): format untuk gradien, mengutamakan rentang daripada presisi. Satu skala float32 per tensor, maks/amax.</translation>
        </message>
        <message>
            <source>f16 (autocast)</source>
            <translation>f16 (autocast)</translation>
        </message>
        <message>
            <source>f32</source>
            <translation>f32</translation>
        </message>
        <message>
            <source>f32 (reference)</source>
            <translation>f32 (acuan)</translation>
        </message>
        <message>
            <source>flush subnormals to zero</source>
            <translation>flush subnormal ke nol</translation>
        </message>
        <message>
            <source>in</source>
            <translation>in</translation>
        </message>
        <message>
            <source>in: the layer's input width, the length of every dot product each output sums over. Longer sums gather more rounding error, most visibly with storage-format accumulation.</source>
            <translation>in: lebar masukan lapisan, yaitu panjang setiap hasil kali titik yang dijumlahkan tiap keluaran. Penjumlahan yang lebih panjang mengumpulkan lebih banyak galat pembulatan, paling terlihat pada akumulasi dalam format penyimpanan.</translation>
        </message>
        <message>
            <source>native bf16 (%1). %2</source>
            <translation>bf16 native (%1). %2</translation>
        </message>
        <message>
            <source>native bf16/f16</source>
            <translation>bf16/f16 native</translation>
        </message>
        <message>
            <source>nn.Linear(in, out) applied to x = torch.randn(batch, in) after torch.manual_seed(seed)</source>
            <translation>nn.Linear(in, out) diterapkan pada x = torch.randn(batch, in) setelah torch.manual_seed(seed)</translation>
        </message>
        <message>
            <source>nvfp4: blocks of 16 values along in with an e4m3 scale each, and one float32 scale for the tensor (amax / (448·6)); the elements are e2m1 (FP4). The finer blocks and scales make it more precise than mxfp4 at the same 4 bits.</source>
            <translation>nvfp4: blok berisi 16 nilai sepanjang in, masing-masing dengan skala e4m3, dan satu skala float32 untuk tensor (amax / (448·6)); elemennya e2m1 (FP4). Blok dan skala yang lebih halus membuatnya lebih presisi daripada mxfp4 pada 4 bit yang sama.</translation>
        </message>
        <message>
            <source>out</source>
            <translation>out</translation>
        </message>
        <message>
            <source>out: the layer's output width (its number of neurons). The outputs compared are batch × out.</source>
            <translation>out: lebar keluaran lapisan (banyaknya neuron). Keluaran yang dibandingkan berjumlah batch × out.</translation>
        </message>
        <message>
            <source>saturate e4m3/e5m2</source>
            <translation>saturasi e4m3/e5m2</translation>
        </message>
        <message>
            <source>seed</source>
            <translation>seed</translation>
        </message>
        <message>
            <source>seed: torch.manual_seed(seed) before the layer and x are drawn, with PyTorch's own CPU generator, so seed 0 gives the tutorial's numbers.</source>
            <translation>seed: torch.manual_seed(seed) sebelum lapisan dan x diambil, dengan generator CPU milik PyTorch sendiri, sehingga seed 0 memberi angka-angka tutorial.</translation>
        </message>
        <message>
            <source>storage format</source>
            <translation>format penyimpanan</translation>
        </message>
    </context>
    <context>
        <name>presisi::LinearPage</name>
        <message>
            <source> &amp;mdash; the tutorial's example</source>
            <translation> &amp;mdash; contoh dari tutorial</translation>
        </message>
        <message>
            <source> Switch the accumulation to the storage format to see why every library sums in f32.</source>
            <translation> Ubah akumulasi ke format penyimpanan untuk melihat mengapa setiap pustaka menjumlahkan dalam f32.</translation>
        </message>
        <message>
            <source> The bf16 tile: a mean absolute difference of %1 and a correlation of %2.</source>
            <translation> Ubin bf16: selisih mutlak rata-rata %1 dan korelasi %2.</translation>
        </message>
        <message>
            <source> The f16 tile: %1 and %2.</source>
            <translation> Ubin f16: %1 dan %2.</translation>
        </message>
        <message>
            <source> Under floor the largest values of some blocks pass the element's max and are clamped (in %1: %2 % of x, %3 % of the weights): choose rceil as the MX scale to see the difference.</source>
            <translation> Dengan floor, nilai terbesar beberapa blok melewati maks elemen dan dipotong (pada %1: %2 % dari x, %3 % dari bobot): pilih rceil sebagai skala MX untuk melihat bedanya.</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>%1 %2 (%3&amp;times; bf16's)</source>
            <translation>%1 %2 (%3&amp;times; milik bf16)</translation>
        </message>
        <message>
            <source>, </source>
            <translation>, </translation>
        </message>
        <message>
            <source>&lt;b&gt;Accumulating in the storage format.&lt;/b&gt; Each output sums %1 products, and here every partial sum is rounded to the lane's format (bf16 or f16) before the next product is added, as a naive low-precision kernel would do. Each rounding adds its own error, so the error grows with &lt;code&gt;in&lt;/code&gt;.</source>
            <translation>&lt;b&gt;Akumulasi dalam format penyimpanan.&lt;/b&gt; Setiap keluaran menjumlahkan %1 hasil kali, dan di sini setiap jumlah parsial dibulatkan ke format lajur (bf16 atau f16) sebelum hasil kali berikutnya ditambahkan, seperti yang dilakukan kernel presisi rendah yang naif. Setiap pembulatan menambah galatnya sendiri, sehingga galat tumbuh bersama &lt;code&gt;in&lt;/code&gt;.</translation>
        </message>
        <message>
            <source>&lt;b&gt;Linear lab on your tensors.&lt;/b&gt; &lt;code&gt;F.linear&lt;/code&gt; with and without autocast on the CPU, in %1, out %2, batch %3 (%4).&lt;br&gt;&lt;br&gt;</source>
            <translation>&lt;b&gt;Lab linear pada tensor Anda.&lt;/b&gt; &lt;code&gt;F.linear&lt;/code&gt; dengan dan tanpa autocast pada CPU, in %1, out %2, batch %3 (%4).&lt;br&gt;&lt;br&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;Linear lab on your tensors.&lt;/b&gt; &lt;code&gt;F.linear&lt;/code&gt; with and without autocast on the CPU, in %1, out %2, batch %3 (%4; the rest drawn with seed %5).&lt;br&gt;&lt;br&gt;</source>
            <translation>&lt;b&gt;Lab linear pada tensor Anda.&lt;/b&gt; &lt;code&gt;F.linear&lt;/code&gt; dengan dan tanpa autocast pada CPU, in %1, out %2, batch %3 (%4; sisanya diambil dengan seed %5).&lt;br&gt;&lt;br&gt;</translation>
        </message>
        <message>
            <source>&lt;b&gt;Linear lab.&lt;/b&gt; &lt;code&gt;torch.manual_seed(%1)&lt;/code&gt;, &lt;code&gt;nn.Linear(%2, %3)&lt;/code&gt;, &lt;code&gt;x = torch.randn(%4, %2)&lt;/code&gt;, with and without autocast on the CPU%5.&lt;br&gt;&lt;br&gt;</source>
            <translation>&lt;b&gt;Lab linear.&lt;/b&gt; &lt;code&gt;torch.manual_seed(%1)&lt;/code&gt;, &lt;code&gt;nn.Linear(%2, %3)&lt;/code&gt;, &lt;code&gt;x = torch.randn(%4, %2)&lt;/code&gt;, dengan dan tanpa autocast di CPU%5.&lt;br&gt;&lt;br&gt;</translation>
        </message>
        <message>
            <source>&lt;br&gt;&lt;br&gt;Below 16 bits the storage itself costs accuracy. Mean |diff| with x and W stored in %1. Each bit of mantissa lost doubles the error; the scales only keep the values in range.</source>
            <translation>&lt;br&gt;&lt;br&gt;Di bawah 16 bit, penyimpanannya sendiri mengorbankan akurasi. Rata-rata |selisih| dengan x dan W disimpan dalam %1. Setiap bit mantisa yang hilang menggandakan galat; skala hanya menjaga nilai tetap dalam rentang.</translation>
        </message>
        <message>
            <source>&lt;br&gt;&lt;br&gt;Switch the accumulation back to f32, as autocast, cuBLAS and oneDNN sum, and compare the tiles: that is why every library accumulates in float32.</source>
            <translation>&lt;br&gt;&lt;br&gt;Kembalikan akumulasi ke f32, seperti cara autocast, cuBLAS dan oneDNN menjumlahkan, lalu bandingkan ubinnya: itulah sebabnya setiap pustaka berakumulasi dalam float32.</translation>
        </message>
        <message>
            <source>&lt;br&gt;&lt;br&gt;f16 keeps 3 more mantissa bits, so its error is about %1&amp;times; smaller here, but its range ends at 65504.</source>
            <translation>&lt;br&gt;&lt;br&gt;f16 menyimpan 3 bit mantisa lebih banyak, sehingga galatnya di sini sekitar %1&amp;times; lebih kecil, tetapi rentangnya berakhir di 65504.</translation>
        </message>
        <message>
            <source>Cancelled: the tiles and charts show the last finished computation.</source>
            <translation>Dibatalkan: ubin dan grafik menampilkan komputasi terakhir yang selesai.</translation>
        </message>
        <message>
            <source>Could not compute: %1</source>
            <translation>Tidak dapat menghitung: %1</translation>
        </message>
        <message>
            <source>Linear lab</source>
            <translation>Lab linear</translation>
        </message>
        <message numerus="yes">
            <source>Linear lab: %n files saved in %1</source>
            <translation>
                <numerusform>Lab linear: %n berkas disimpan di %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Linear lab: %n lanes computed</source>
            <translation>
                <numerusform>Lab linear: %n lajur selesai dihitung</numerusform>
            </translation>
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
            <source>Linear lab: could not compute</source>
            <translation>Lab linear: tidak dapat menghitung</translation>
        </message>
        <message>
            <source>Linear lab: saving the outputs…</source>
            <translation>Lab linear: menyimpan keluaran…</translation>
        </message>
        <message>
            <source>Linear lab: the outputs were not saved</source>
            <translation>Lab linear: keluaran tidak disimpan</translation>
        </message>
        <message>
            <source>Look at the bf16 tile: output dtype bfloat16, a mean absolute difference of %1 and a correlation of %2 &amp;mdash; the signal survives.</source>
            <translation>Lihat ubin bf16: presisi keluaran bfloat16, selisih rata-rata %1 dan korelasi %2 &amp;mdash; sinyalnya bertahan.</translation>
        </message>
        <message>
            <source>Outputs not saved</source>
            <translation>Keluaran tidak disimpan</translation>
        </message>
        <message>
            <source>Presisi linear lab: F.linear on %1 (in %2, out %3, batch %4, seed %5); lanes %6</source>
            <translation>Lab linear Presisi: F.linear pada %1 (in %2, out %3, batch %4, seed %5); lajur %6</translation>
        </message>
        <message>
            <source>Presisi linear lab: nn.Linear(%1, %2), batch %3, seed %4; lanes %5</source>
            <translation>Lab linear Presisi: nn.Linear(%1, %2), batch %3, seed %4; lajur %5</translation>
        </message>
        <message>
            <source>Save the outputs into a new or empty folder</source>
            <translation>Simpan keluaran ke dalam folder baru atau kosong</translation>
        </message>
        <message>
            <source>Your tensors: %1</source>
            <translation>Tensor Anda: %1</translation>
        </message>
        <message>
            <source>computing…</source>
            <translation>menghitung…</translation>
        </message>
        <message>
            <source>computing… %1 %</source>
            <translation>menghitung… %1 %</translation>
        </message>
        <message>
            <source>nothing computed yet</source>
            <translation>belum ada yang dihitung</translation>
        </message>
    </context>
    <context>
        <name>presisi::LinearResultsView</name>
        <message>
            <source>
inf %L1 · NaN %L2 of %L3</source>
            <translation>
inf %L1 · NaN %L2 dari %L3</translation>
        </message>
        <message>
            <source> SQNR: signal-to-quantisation-noise ratio of x and of the weights after storing them (10·log10 of Σx² / Σerror², in dB; each bit of mantissa adds about 6 dB); sat.: the share of values that were clamped to the format's max.</source>
            <translation> SQNR: rasio sinyal terhadap derau kuantisasi dari x dan bobot setelah disimpan (10·log10 dari Σx² / Σgalat², dalam dB; setiap bit mantisa menambah sekitar 6 dB); sat.: porsi nilai yang dipotong ke maks format.</translation>
        </message>
        <message>
            <source>% of outputs</source>
            <translation>% keluaran</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <source>%1 · per-tensor</source>
            <translation>%1 · per tensor</translation>
        </message>
        <message>
            <source>%1 · per-tensor · saturating</source>
            <translation>%1 · per tensor · saturasi</translation>
        </message>
        <message>
            <source>%1 · two-level</source>
            <translation>%1 · dua tingkat</translation>
        </message>
        <message>
            <source>Each dot is one output: its f32 value across, the lane's value up (about 1500 per lane). Dots on the line y = x are exact; the thickness of the cloud is the lane's error.</source>
            <translation>Tiap titik adalah satu keluaran: nilai f32-nya mendatar, nilai lajurnya tegak (sekitar 1500 per lajur). Titik pada garis y = x tepat; tebal awan titik adalah galat lajur.</translation>
        </message>
        <message>
            <source>Each dot: an output's size across, its error up. Rounding error is relative, so it grows with the size of the value, in steps at each power of two.</source>
            <translation>Tiap titik: besar sebuah keluaran mendatar, galatnya tegak. Galat pembulatan bersifat relatif, jadi tumbuh seiring besar nilainya, berundak di setiap pangkat dua.</translation>
        </message>
        <message>
            <source>Errors |lane - f32| (share of outputs)</source>
            <translation>Galat |lajur - f32| (porsi keluaran)</translation>
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
            <source>How many of its %L1 outputs are zero, subnormal, inf or NaN in float32.</source>
            <translation>Berapa dari %L1 keluarannya yang nol, subnormal, inf atau NaN dalam float32.</translation>
        </message>
        <message>
            <source>How many outputs have an error in each binade (power of two) of |lane - f32|; exact outputs are left out. A lane further left is more precise: each step left halves the error.</source>
            <translation>Berapa banyak keluaran yang galatnya jatuh di tiap binade (pangkat dua) dari |lajur - f32|; keluaran yang tepat tidak dihitung. Lajur yang lebih ke kiri lebih presisi: tiap langkah ke kiri membagi dua galatnya.</translation>
        </message>
        <message>
            <source>Lane output against f32 output</source>
            <translation>Keluaran lajur terhadap keluaran f32</translation>
        </message>
        <message>
            <source>Mean |lane - f32| per lane</source>
            <translation>Rata-rata |lajur - f32| per lajur</translation>
        </message>
        <message>
            <source>Pearson correlation of the lane's %L1 outputs with the f32 outputs (1 = the same shape), rounded to 4 digits as Python prints it. Below 1.0 the error (here %2% of the outputs' size, rel. L2) changes the shape of the outputs, not only their last bits.</source>
            <translation>Korelasi Pearson antara %L1 keluaran lajur dan keluaran f32 (1 = bentuk yang sama), dibulatkan ke 4 angka seperti yang dicetak Python. Di bawah 1,0 galatnya (di sini %2% dari besar keluaran, L2 rel.) mengubah bentuk keluaran, bukan hanya bit-bit terakhirnya.</translation>
        </message>
        <message>
            <source>Pearson correlation of the lane's %L1 outputs with the f32 outputs (1 = the same shape), rounded to 4 digits as Python prints it. It is %2 before rounding: an error of %3% of the outputs' size (rel. L2) lowers it only by about ½·(rel. L2)², so it shows 1.0 — the direction is kept, the error is in the last bits, not the shape.</source>
            <translation>Korelasi Pearson antara %L1 keluaran lajur dan keluaran f32 (1 = bentuk yang sama), dibulatkan ke 4 angka seperti yang dicetak Python. Sebelum dibulatkan nilainya %2: galat sebesar %3% dari besar keluaran (L2 rel.) hanya menurunkannya sekitar ½·(L2 rel.)², sehingga tampil 1,0 — arahnya terjaga, galatnya ada di bit-bit terakhir, bukan pada bentuknya.</translation>
        </message>
        <message>
            <source>The dtype of this lane's output tensor, as y.dtype prints it.</source>
            <translation>Dtype tensor keluaran lajur ini, seperti yang dicetak y.dtype.</translation>
        </message>
        <message>
            <source>The dtype of this lane's output tensor, as y.dtype prints it: autocast returns the low format.</source>
            <translation>Dtype tensor keluaran lajur ini, seperti yang dicetak y.dtype: autocast mengembalikan format presisi rendah.</translation>
        </message>
        <message>
            <source>The dtype of this lane's output tensor: float32. The lane stores x and the weights in %1 but multiplies, adds the bias and keeps the output in float32, so the error is the storage's.</source>
            <translation>Dtype tensor keluaran lajur ini: float32. Lajur ini menyimpan x dan bobot dalam %1 tetapi mengalikan, menambahkan bias, dan menyimpan keluaran dalam float32, sehingga galatnya berasal dari penyimpanan.</translation>
        </message>
        <message>
            <source>The mean absolute difference of each lane's outputs from its device's f32 outputs (the tiles' mean |diff|), on a log axis: each grid line is ten times the one below, so bf16's bar shows beside mxfp4's, which is far longer. Shorter is closer to float32; f32 itself is 0 and stays at the foot.</source>
            <translation>Selisih mutlak rata-rata keluaran tiap lajur dari keluaran f32 perangkatnya (rata-rata |selisih| pada ubin), pada sumbu log: setiap garis kisi sepuluh kali garis di bawahnya, sehingga batang bf16 tetap terlihat di samping batang mxfp4 yang jauh lebih panjang. Makin pendek makin dekat ke float32; f32 sendiri 0 dan tetap di dasar.</translation>
        </message>
        <message>
            <source>The mean of |lane output − f32 output| over all %L1 outputs, in the outputs' own units: the typical error of one output, rounded to 6 decimals as Python prints it. Smaller is closer to float32.</source>
            <translation>Rata-rata |keluaran lajur − keluaran f32| atas semua %L1 keluaran, dalam satuan keluaran itu sendiri: galat khas satu keluaran, dibulatkan ke 6 desimal seperti yang dicetak Python. Makin kecil makin dekat ke float32.</translation>
        </message>
        <message>
            <source>The reference correlates perfectly with itself: 1.0 by definition.</source>
            <translation>Acuan berkorelasi sempurna dengan dirinya sendiri: 1,0 menurut definisi.</translation>
        </message>
        <message>
            <source>This lane is the reference: the other lanes on its device are compared with its outputs, so its own difference is zero by definition.</source>
            <translation>Lajur ini adalah acuan: lajur-lajur lain pada perangkatnya dibandingkan dengan keluarannya, jadi selisihnya sendiri nol menurut definisi.</translation>
        </message>
        <message>
            <source>correlation</source>
            <translation>korelasi arah</translation>
        </message>
        <message>
            <source>f32 output</source>
            <translation>keluaran f32</translation>
        </message>
        <message>
            <source>follow the OCP conversion (e4m3 → NaN, e5m2 → inf)</source>
            <translation>mengikuti konversi OCP (e4m3 → NaN, e5m2 → inf)</translation>
        </message>
        <message>
            <source>lane output</source>
            <translation>keluaran lajur</translation>
        </message>
        <message>
            <source>lanes</source>
            <translation>lajur</translation>
        </message>
        <message>
            <source>log2 |error|  (binade)</source>
            <translation>log2 |galat|  (binade)</translation>
        </message>
        <message>
            <source>max |diff| %1 · rel. L2 %2
SQNR x %3 dB · W %4 dB · sat. %5 % / %6 %</source>
            <translation>maks |selisih| %1 · L2 rel. %2
SQNR x %3 dB · W %4 dB · sat. %5 % / %6 %</translation>
        </message>
        <message>
            <source>max |diff| %1 · rel. L2 %2
zero %L3 · subnormal %L4 · inf %L5 · NaN %L6 of %L7</source>
            <translation>maks |selisih| %1 · L2 rel. %2
nol %L3 · subnormal %L4 · inf %L5 · NaN %L6 dari %L7</translation>
        </message>
        <message>
            <source>max |diff| is the largest error of a single output; rel. L2 = ‖lane − f32‖ / ‖f32‖, the error relative to the outputs' size. The counts are the lane's outputs that are zero, subnormal, inf or NaN in its format.</source>
            <translation>maks |selisih| adalah galat terbesar satu keluaran; L2 rel. = ‖lajur − f32‖ / ‖f32‖, galat relatif terhadap besar keluaran. Hitungannya adalah keluaran lajur yang nol, subnormal, inf atau NaN dalam formatnya.</translation>
        </message>
        <message>
            <source>mean |difference| (log)</source>
            <translation>rata-rata |selisih| (log)</translation>
        </message>
        <message>
            <source>mean |diff|</source>
            <translation>selisih rata-rata</translation>
        </message>
        <message>
            <source>output dtype</source>
            <translation>presisi keluaran</translation>
        </message>
        <message>
            <source>reference</source>
            <translation>acuan</translation>
        </message>
        <message>
            <source>saturate to ±max (+sat)</source>
            <translation>disaturasi ke ±maks (+sat)</translation>
        </message>
        <message>
            <source>the lanes on %1 are compared with this one
zero %L2 · subnormal %L3 · inf %L4 · NaN %L5 of %L6</source>
            <translation>lajur-lajur di %1 dibandingkan dengan lajur ini
nol %L2 · subnormal %L3 · inf %L4 · NaN %L5 dari %L6</translation>
        </message>
        <message>
            <source>x and the weights are stored as %1 elements in blocks of %2 along in, each block with a power-of-two (e8m0) scale chosen by the %3 rule; elements beyond the max saturate. The product of the dequantised values accumulates in float32; bias and output stay float32.</source>
            <translation>x dan bobot disimpan sebagai elemen %1 dalam blok berisi %2 sepanjang in, setiap blok dengan skala pangkat dua (e8m0) yang dipilih dengan aturan %3; elemen di atas maks tersaturasi. Perkalian nilai hasil dekuantisasi diakumulasi dalam float32; bias dan keluaran tetap float32.</translation>
        </message>
        <message>
            <source>x and the weights are stored as %1 elements in blocks of %2 along in, each block with an e4m3 scale, under one float32 scale per tensor (amax / (448·6)). The product of the dequantised values accumulates in float32; bias and output stay float32.</source>
            <translation>x dan bobot disimpan sebagai elemen %1 dalam blok berisi %2 sepanjang in, setiap blok dengan skala e4m3, di bawah satu skala float32 per tensor (amax / (448·6)). Perkalian nilai hasil dekuantisasi diakumulasi dalam float32; bias dan keluaran tetap float32.</translation>
        </message>
        <message>
            <source>x and the weights are stored in %1 with one float32 scale per tensor (max / amax, as torchao's tensorwise recipe); values beyond the max %2. The product of the dequantised values accumulates in float32; bias and output stay float32.</source>
            <translation>x dan bobot disimpan dalam %1 dengan satu skala float32 per tensor (maks / amax, seperti resep tensorwise torchao); nilai di atas maks %2. Perkalian nilai hasil dekuantisasi diakumulasi dalam float32; bias dan keluaran tetap float32.</translation>
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
    </context>
    <context>
        <name>presisi::LiveChart</name>
        <message>
            <source>%1 · step %2 · %3</source>
            <translation>%1 · langkah %2 · %3</translation>
        </message>
        <message>
            <source>Line patterns: %1. Click a legend entry to hide or show its lane.</source>
            <translation>Pola garis: %1. Klik entri legenda untuk menyembunyikan atau menampilkan lajurnya.</translation>
        </message>
    </context>
    <context>
        <name>presisi::MainWindow</name>
        <message>
            <source>%1 steps/s</source>
            <translation>%1 langkah/detik</translation>
        </message>
        <message>
            <source>CPU (GPU: %1)</source>
            <translation>CPU (GPU: %1)</translation>
        </message>
        <message>
            <source>CPU + GPU: %1</source>
            <translation>CPU + GPU: %1</translation>
        </message>
        <message>
            <source>CPU only (no CUDA GPU)</source>
            <translation>hanya CPU (tanpa GPU CUDA)</translation>
        </message>
        <message>
            <source>Convergence check</source>
            <translation>Uji konvergensi</translation>
        </message>
        <message>
            <source>Formats</source>
            <translation>Format</translation>
        </message>
        <message>
            <source>Linear lab</source>
            <translation>Lab linear</translation>
        </message>
        <message>
            <source>Presisi — mixed-precision lab</source>
            <translation>Presisi — laboratorium presisi campuran</translation>
        </message>
        <message>
            <source>Run failed</source>
            <translation>Pelatihan gagal</translation>
        </message>
        <message>
            <source>Settings reset to defaults: %1</source>
            <translation>Pengaturan dikembalikan ke bawaan: %1</translation>
        </message>
        <message>
            <source>Speed</source>
            <translation>Kecepatan</translation>
        </message>
        <message>
            <source>The run is still stopping: choose the language again when it has.</source>
            <translation>Proses masih berhenti: pilih bahasa lagi setelah selesai.</translation>
        </message>
        <message>
            <source>Training lab</source>
            <translation>Lab pelatihan</translation>
        </message>
        <message>
            <source>Training paused while the Speed lab measures</source>
            <translation>Pelatihan dijeda selama Lab kecepatan mengukur</translation>
        </message>
        <message>
            <source>Training paused while the convergence check runs</source>
            <translation>Pelatihan dijeda selama uji konvergensi berjalan</translation>
        </message>
        <message>
            <source>Training resumed</source>
            <translation>Pelatihan dilanjutkan</translation>
        </message>
        <message>
            <source>one chart alone: Esc or a double-click returns to all charts</source>
            <translation>satu grafik sendiri: Esc atau klik ganda kembali ke semua grafik</translation>
        </message>
    </context>
    <context>
        <name>presisi::MomentTimeline</name>
        <message>
            <source>step %1: %2 of %3's activations and gradients overflowed to inf/NaN; the loss (%4) is still finite, the update writes them into the weights</source>
            <translation>langkah %1: %2 dari aktivasi dan gradien %3 overflow menjadi inf/NaN; loss (%4) masih hingga, pembaruan menuliskannya ke bobot</translation>
        </message>
        <message>
            <source>step %1: %2's loss is %3</source>
            <translation>langkah %1: loss %2 adalah %3</translation>
        </message>
        <message>
            <source>step %1: %2's running sum stops growing at %3 (exact sum %4): what is added rounds back to the same number</source>
            <translation>langkah %1: jumlah berjalan %2 berhenti tumbuh di %3 (jumlah eksak %4): yang ditambahkan dibulatkan kembali ke bilangan yang sama</translation>
        </message>
        <message>
            <source>step %1: %2's scaled gradients overflow at scale %3: the scaler skips the step (weights untouched) and halves the scale to %4</source>
            <translation>langkah %1: gradien terskala %2 overflow pada skala %3: penskala melewati langkah itu (bobot tidak disentuh) dan membagi dua skala menjadi %4</translation>
        </message>
        <message>
            <source>step %1: %2's scaler grows its scale from %3 to %4 after a run of clean steps</source>
            <translation>langkah %1: penskala %2 menaikkan skalanya dari %3 ke %4 setelah serangkaian langkah bersih</translation>
        </message>
        <message>
            <source>step %1: %2's weight gradients jumped from %3 zeros (step %4) to %5: they underflowed, float32 has them non-zero</source>
            <translation>langkah %1: gradien bobot %2 melonjak dari %3 nol (langkah %4) ke %5: gradien itu underflow, float32 memilikinya tidak nol</translation>
        </message>
        <message>
            <source>step %1: after %2 skipped steps (from step %3) %4's gradients fit at scale %5: it trains</source>
            <translation>langkah %1: setelah %2 langkah dilewati (sejak langkah %3) gradien %4 muat pada skala %5: lajur itu berlatih</translation>
        </message>
    </context>
    <context>
        <name>presisi::NumberLineView</name>
        <message>
            <source> and everything from %1 up</source>
            <translation> serta semua nilai mulai %1 ke atas</translation>
        </message>
        <message>
            <source>%1%2, %3%4: %5 (%6)</source>
            <translation>%1%2, %3%4: %5 (%6)</translation>
        </message>
        <message>
            <source>%1: its %2 non-negative values on a linear axis; negative values mirror them</source>
            <translation>%1: %2 nilai tak negatifnya pada sumbu linear; nilai negatif mencerminkannya</translation>
        </message>
        <message>
            <source>%1: its %2 non-negative values on a log2 axis (zero left of the break); negative values mirror them</source>
            <translation>%1: %2 nilai tak negatifnya pada sumbu log2 (nol di kiri patahan); nilai negatif mencerminkannya</translation>
        </message>
        <message>
            <source>%1: its %2 values (powers of two, no zero, no sign) on a log2 axis</source>
            <translation>%1: %2 nilainya (pangkat dua, tanpa nol, tanpa tanda) pada sumbu log2</translation>
        </message>
        <message>
            <source>Close up, linear: the stored value (bold), its neighbours, and shaded the inputs that round to it (a filled end belongs, a hollow one not)</source>
            <translation>Perbesaran, linear: nilai tersimpan (tebal), tetangganya, dan yang diarsir adalah masukan yang dibulatkan ke sana (ujung terisi termasuk, ujung berlubang tidak)</translation>
        </message>
        <message>
            <source>NaN itself, and under the OCP conversion every |x| above %1 (overflow); saturating, those become ±%2</source>
            <translation>NaN itu sendiri, dan dengan konversi OCP setiap |x| di atas %1 (overflow); dengan saturasi, nilai-nilai itu menjadi ±%2</translation>
        </message>
        <message>
            <source>both ends round here</source>
            <translation>kedua ujung dibulatkan ke sini</translation>
        </message>
        <message>
            <source>e8m0 rounds ties upwards</source>
            <translation>e8m0 membulatkan seri ke atas</translation>
        </message>
        <message>
            <source>neither end rounds here</source>
            <translation>tidak satu pun ujung dibulatkan ke sini</translation>
        </message>
        <message>
            <source>no input rounds to this code when saturating (inf becomes ±max)</source>
            <translation>tidak ada masukan yang dibulatkan ke kode ini bila saturasi aktif (inf menjadi ±maks)</translation>
        </message>
        <message>
            <source>only NaN itself</source>
            <translation>hanya NaN itu sendiri</translation>
        </message>
        <message>
            <source>stored as %1: see below which inputs do that</source>
            <translation>disimpan sebagai %1: lihat di bawah masukan mana yang menghasilkannya</translation>
        </message>
        <message>
            <source>stored as NaN: see below which inputs do that</source>
            <translation>disimpan sebagai NaN: lihat di bawah masukan mana yang menghasilkannya</translation>
        </message>
        <message>
            <source>the lower end rounds here, the upper one away</source>
            <translation>ujung bawah dibulatkan ke sini, ujung atas tidak</translation>
        </message>
        <message>
            <source>the upper end rounds here, the lower one away</source>
            <translation>ujung atas dibulatkan ke sini, ujung bawah tidak</translation>
        </message>
        <message>
            <source>ties go to the even code, the one whose last bit is 0</source>
            <translation>seri jatuh ke kode genap, yang bit terakhirnya 0</translation>
        </message>
        <message>
            <source>zero, negative numbers, NaN%1 (e8m0 has no zero and no sign)</source>
            <translation>nol, bilangan negatif, NaN%1 (e8m0 tidak punya nol dan tanda)</translation>
        </message>
        <message>
            <source>|x| = %1</source>
            <translation>|x| = %1</translation>
        </message>
        <message>
            <source>|x| = %1 →</source>
            <translation>|x| = %1 →</translation>
        </message>
    </context>
    <context>
        <name>presisi::PolicyEditor</name>
        <message>
            <source>CPU defaults</source>
            <translation>Bawaan CPU</translation>
        </message>
        <message>
            <source>CUDA defaults</source>
            <translation>Bawaan CUDA</translation>
        </message>
        <message>
            <source>How every lane's low-format matrix products and GELU are computed.
Presisi (backward f32 accumulation): the backward products accumulate in float32, rounded once to the lane's format (the default).
Presisi (storage accumulation): the backward products accumulate in the lane's format, every partial sum rounded.
As PyTorch 2.x: every bf16 and f16 product accumulates in float32 and is rounded once; GELU is computed in float32 and rounded once (oneDNN's algorithm on CPUs with AVX-512, ATen's otherwise).
As PyTorch 1.13: product by product as its CPU dispatch decides. With AVX-512, a bf16 product goes to oneDNN (float32 accumulation) only when m·n·k &gt; 4096, otherwise to ATen's reference product (bf16 accumulation), and bf16 GELU is computed in float32 with one rounding; without AVX-512 every product takes the reference path and GELU is ATen's. 'On this CPU' reads this CPU's flags as torch does.</source>
            <translation>Cara perkalian matriks berformat rendah dan GELU setiap lajur dihitung.
Presisi (akumulasi f32 pada backward): perkalian pada backward diakumulasi dalam float32, lalu dibulatkan sekali ke format lajur (bawaan).
Presisi (akumulasi dalam format penyimpanan): perkalian pada backward diakumulasi dalam format lajur, setiap jumlah parsial dibulatkan.
Seperti PyTorch 2.x: setiap perkalian bf16 dan f16 diakumulasi dalam float32 dan dibulatkan sekali; GELU dihitung dalam float32 dan dibulatkan sekali (algoritma oneDNN pada CPU dengan AVX-512, milik ATen pada CPU lain).
Seperti PyTorch 1.13: perkalian demi perkalian sesuai keputusan dispatch CPU-nya. Dengan AVX-512, perkalian bf16 masuk ke oneDNN (akumulasi float32) hanya bila m·n·k &gt; 4096, selain itu ke perkalian referensi ATen (akumulasi bf16), dan GELU bf16 dihitung dalam float32 dengan satu pembulatan; tanpa AVX-512 setiap perkalian melalui jalur referensi dan GELU-nya milik ATen. 'Pada CPU ini' membaca flag CPU ini seperti yang dilakukan torch.</translation>
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
            <source>PyTorch's CPU autocast: linear low, loss f32, softmax, activation and reduction as-input.</source>
            <translation>autocast CPU PyTorch: linear low, loss f32, softmax, activation, dan reduction as-input.</translation>
        </message>
        <message>
            <source>PyTorch's CUDA autocast: also softmax and the reduction in f32.</source>
            <translation>autocast CUDA PyTorch: softmax dan reduction juga pada f32.</translation>
        </message>
        <message>
            <source>The PyTorch whose numerics every lane follows: its optimizers (2.x updates Adam's moments with lerp), its GELU's rounding, and with the PyTorch entries above its products. Experiment files saved before this choice existed follow 1.13, so they rerun as they did.</source>
            <translation>PyTorch yang numeriknya diikuti setiap lajur: optimizer-nya (2.x memperbarui momen Adam dengan lerp), pembulatan GELU-nya, dan perkaliannya bila memilih salah satu entri PyTorch di atas. Berkas eksperimen yang disimpan sebelum pilihan ini ada mengikuti 1.13, sehingga diulang persis seperti dulu.</translation>
        </message>
        <message>
            <source>Which format each operation runs in under autocast, for every lane. linear: the matrix products; reduction: the batch mean inside the loss.</source>
            <translation>Format tempat setiap operasi berjalan di bawah autocast, untuk setiap lajur. linear: perkalian matriks; reduction: rata-rata batch di dalam loss.</translation>
        </message>
        <message>
            <source>as PyTorch %1 on this CPU</source>
            <translation>seperti PyTorch %1 pada CPU ini</translation>
        </message>
        <message>
            <source>as PyTorch %1 with AVX-512</source>
            <translation>seperti PyTorch %1 dengan AVX-512</translation>
        </message>
        <message>
            <source>as PyTorch %1 without AVX-512</source>
            <translation>seperti PyTorch %1 tanpa AVX-512</translation>
        </message>
        <message>
            <source>follows</source>
            <translation>mengikuti</translation>
        </message>
        <message>
            <source>low: the lane's format; f32: float32; as-input: whatever format arrives (no cast).</source>
            <translation>low: format lajur; f32: float32; as-input: format apa pun yang datang (tanpa cast).</translation>
        </message>
        <message>
            <source>products and GELU</source>
            <translation>perkalian dan GELU</translation>
        </message>
    </context>
    <context>
        <name>presisi::RangeChart</name>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;in %2: %3 … %4&lt;br&gt;float32 shadow: %5 … %6&lt;br&gt;underflowed %7 · subnormal %8 · overflowed %9</source>
            <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;dalam %2: %3 … %4&lt;br&gt;bayangan float32: %5 … %6&lt;br&gt;tenggelam ke nol %7 · subnormal %8 · overflow %9</translation>
        </message>
        <message>
            <source>Per-layer ranges</source>
            <translation>Rentang per lapisan</translation>
        </message>
        <message>
            <source>Press Play (Space), or step (.)</source>
            <translation>Tekan Putar (Spasi), atau maju selangkah (.)</translation>
        </message>
        <message>
            <source>float32 shadow</source>
            <translation>bayangan float32</translation>
        </message>
        <message>
            <source>normal</source>
            <translation>normal</translation>
        </message>
        <message>
            <source>output grads</source>
            <translation>gradien keluaran</translation>
        </message>
        <message>
            <source>outputs</source>
            <translation>keluaran</translation>
        </message>
        <message>
            <source>overflow → inf</source>
            <translation>overflow → inf</translation>
        </message>
        <message>
            <source>subnormal</source>
            <translation>subnormal</translation>
        </message>
        <message>
            <source>weight grads</source>
            <translation>gradien bobot</translation>
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
        <name>presisi::RealField</name>
        <message>
            <source>“%1” could be %2 or %3: type it without the “%4”, or with another number of decimals</source>
            <translation>“%1” bisa berarti %2 atau %3: ketik tanpa “%4”, atau dengan jumlah desimal lain</translation>
        </message>
        <message>
            <source>“%1” is not a number</source>
            <translation>“%1” bukan bilangan</translation>
        </message>
        <message>
            <source>“%1”: type one decimal mark and no thousands separators (as 1234.5)</source>
            <translation>“%1”: ketik satu tanda desimal tanpa pemisah ribuan (seperti 1234,5)</translation>
        </message>
    </context>
    <context>
        <name>presisi::RemedyReruns</name>
        <message>
            <source>%1 original</source>
            <translation>%1 asli</translation>
        </message>
        <message>
            <source>%1 remedy</source>
            <translation>%1 penanganan</translation>
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
            <source>; </source>
            <translation>; </translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Batal</translation>
        </message>
        <message>
            <source>Click a remedy</source>
            <translation>Klik sebuah penanganan</translation>
        </message>
        <message>
            <source>Each reruns this lane alone with one change, beside the original lane, on the same batches.</source>
            <translation>Masing-masing menjalankan ulang lajur ini sendirian dengan satu perubahan, di samping lajur aslinya, pada batch yang sama.</translation>
        </message>
        <message>
            <source>Helped: the remedied lane's loss stays finite and its mean over the last tenth of the steps is below that over the first tenth.</source>
            <translation>Menolong: loss lajur yang ditangani tetap hingga dan rata-ratanya pada sepersepuluh langkah terakhir lebih rendah daripada pada sepersepuluh pertama.</translation>
        </message>
        <message>
            <source>Original vs remedy</source>
            <translation>Asli vs penanganan</translation>
        </message>
        <message>
            <source>Original vs remedy: %1</source>
            <translation>Asli vs penanganan: %1</translation>
        </message>
        <message>
            <source>Remedies, in the tutorial's order:</source>
            <translation>Penanganan, sesuai urutan tutorial:</translation>
        </message>
        <message>
            <source>Stops the rerun (the window keeps running).</source>
            <translation>Menghentikan run ulang (jendela tetap berjalan).</translation>
        </message>
        <message>
            <source>The faulted lane rerun alone (its loss line stops where it turns inf/NaN) and the same lane with the remedy, on the same batches.</source>
            <translation>Lajur bermasalah dijalankan ulang sendirian (garis loss-nya berhenti di tempat menjadi inf/NaN) dan lajur yang sama dengan penanganannya, pada batch yang sama.</translation>
        </message>
        <message>
            <source>The remedy rerun's progress, in steps.</source>
            <translation>Kemajuan run ulang penanganan, dalam langkah.</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>dibatalkan</translation>
        </message>
        <message>
            <source>did not help: loss finite but not falling, %1 → %2 over %3 steps; %4</source>
            <translation>tidak menolong: loss hingga tetapi tidak menurun, %1 → %2 dalam %3 langkah; %4</translation>
        </message>
        <message>
            <source>did not help: the loss still turns inf/NaN; %1</source>
            <translation>tidak menolong: loss masih menjadi inf/NaN; %1</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>gagal</translation>
        </message>
        <message>
            <source>helped: loss finite and falling, %1 → %2 over %3 steps; %4</source>
            <translation>menolong: loss hingga dan menurun, %1 → %2 dalam %3 langkah; %4</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>loss</translation>
        </message>
        <message>
            <source>no rerun yet</source>
            <translation>belum diulang</translation>
        </message>
        <message>
            <source>original finite in this rerun</source>
            <translation>aslinya tetap hingga pada run ulang ini</translation>
        </message>
        <message>
            <source>original inf/NaN from step %1</source>
            <translation>aslinya inf/NaN sejak langkah %1</translation>
        </message>
        <message>
            <source>remedy %1: step %v of %m</source>
            <translation>penanganan %1: langkah %v dari %m</translation>
        </message>
        <message>
            <source>remedy inf/NaN from step %1</source>
            <translation>penanganan inf/NaN sejak langkah %1</translation>
        </message>
        <message>
            <source>rerun cancelled</source>
            <translation>run ulang dibatalkan</translation>
        </message>
        <message>
            <source>rerun done</source>
            <translation>run ulang selesai</translation>
        </message>
        <message>
            <source>rerun failed: %1</source>
            <translation>run ulang gagal: %1</translation>
        </message>
        <message>
            <source>running…</source>
            <translation>berjalan…</translation>
        </message>
        <message>
            <source>step</source>
            <translation>langkah</translation>
        </message>
        <message>
            <source>the faulted lane is not in the scenario</source>
            <translation>lajur yang bermasalah tidak ada dalam skenario</translation>
        </message>
    </context>
    <context>
        <name>presisi::RunTimeline</name>
        <message>
            <source>Key moment.</source>
            <translation>Momen kunci.</translation>
        </message>
        <message>
            <source>Paused here: Space goes on, N runs to the next key moment.</source>
            <translation>Dijeda di sini: Spasi melanjutkan, N berjalan ke momen kunci berikutnya.</translation>
        </message>
        <message>
            <source>The run's steps, when paused or finished: drag (or Home, End, arrows) to show a step's tiles, histogram and a cursor on the charts. Play resumes from the end.</source>
            <translation>Langkah-langkah run, saat dijeda atau selesai: seret (atau Home, End, panah) untuk menampilkan ubin, histogram, dan kursor grafik pada sebuah langkah. Putar melanjutkan dari akhir.</translation>
        </message>
        <message>
            <source>step %1 of %2 · Play goes on from the end</source>
            <translation>langkah %1 dari %2 · Putar melanjutkan dari akhir</translation>
        </message>
        <message>
            <source>step %1 · drag to look back</source>
            <translation>langkah %1 · seret untuk melihat ke belakang</translation>
        </message>
        <message>
            <source>timeline: run or step first</source>
            <translation>linimasa: jalankan atau langkahkan dulu</translation>
        </message>
    </context>
    <context>
        <name>presisi::ScaleCastView</name>
        <message>
            <source>%</source>
            <translation>%</translation>
        </message>
        <message>
            <source>% of elements</source>
            <translation>% elemen</translation>
        </message>
        <message>
            <source>% of max</source>
            <translation>% dari maks</translation>
        </message>
        <message>
            <source>% of non-zeros</source>
            <translation>% dari bukan nol</translation>
        </message>
        <message>
            <source>%1 max/scale</source>
            <translation>%1 max/skala</translation>
        </message>
        <message>
            <source>Add a lane of 8 bits and below (e.g. cpu:fp8) to see its casts</source>
            <translation>Tambahkan lajur 8 bit ke bawah (mis. cpu:fp8) untuk melihat cast-nya</translation>
        </message>
        <message>
            <source>Casts</source>
            <translation>Cast</translation>
        </message>
        <message>
            <source>Casts · %1 amax, %2</source>
            <translation>Cast · amax %1, %2</translation>
        </message>
        <message>
            <source>Casts · %1 range used, highest layer</source>
            <translation>Cast · rentang terpakai %1, layer tertinggi</translation>
        </message>
        <message>
            <source>Casts · %1 range used, lowest layer</source>
            <translation>Cast · rentang terpakai %1, layer terendah</translation>
        </message>
        <message>
            <source>Casts · %1 saturated</source>
            <translation>Cast · %1 tersaturasi</translation>
        </message>
        <message>
            <source>Casts · %1 underflowed</source>
            <translation>Cast · %1 underflow</translation>
        </message>
        <message>
            <source>Loss scale</source>
            <translation>Skala loss</translation>
        </message>
        <message>
            <source>Per step, for each lane of 8 bits and below, what the casts of the chosen GEMM operand did over the layers: the share of elements saturated or underflowed, or the range the scale uses (log axis; the dashed line is the format's max); or for one layer the tensor's amax (line) against the amax its scale fits, the format's max/scale (band): above the band the cast clips, far below it the format's top binades go unused.</source>
            <translation>Per langkah, untuk setiap lajur 8 bit ke bawah, apa yang dilakukan cast operand GEMM yang dipilih atas semua layer: bagian elemen yang tersaturasi atau underflow, atau rentang yang dipakai skalanya (sumbu log; garis putus-putus adalah maks format). Atau, untuk satu layer, amax tensor (garis) terhadap amax yang pas untuk skalanya, max/skala format (pita): di atas pita cast menjepit, jauh di bawahnya binade teratas format tidak terpakai.</translation>
        </message>
        <message>
            <source>Press Play (Space), or step (.)</source>
            <translation>Tekan Putar (Spasi), atau langkah (.)</translation>
        </message>
        <message>
            <source>The GEMM operand: each linear layer's input and weight (forward) or the gradient at its output (backward; e5m2 on fp8 lanes).</source>
            <translation>Operand GEMM: masukan dan bobot setiap layer linear (forward) atau gradien di keluarannya (backward; e5m2 pada lajur fp8).</translation>
        </message>
        <message>
            <source>The linear layer whose casts the chart shows (the first %1 layers).</source>
            <translation>Layer linear yang cast-nya ditampilkan grafik (%1 layer pertama).</translation>
        </message>
        <message>
            <source>The loss scaler's scale per step for each +scaler lane.</source>
            <translation>Skala penskala loss per langkah untuk setiap lajur +scaler.</translation>
        </message>
        <message>
            <source>What the casts of the lanes of 8 bits and below (fp8, e4m3, e5m2, mxfp8, mxfp4) do per step: saturated or underflowed elements, or how much of the format's range the scale uses.</source>
            <translation>Apa yang dilakukan cast lajur 8 bit ke bawah (fp8, e4m3, e5m2, mxfp8, mxfp4) per langkah: elemen yang tersaturasi atau underflow, atau seberapa banyak rentang format yang dipakai skalanya.</translation>
        </message>
        <message>
            <source>amax, and max/scale as a band</source>
            <translation>amax, dan max/skala sebagai pita</translation>
        </message>
        <message>
            <source>format's max</source>
            <translation>maks format</translation>
        </message>
        <message>
            <source>input</source>
            <translation>masukan</translation>
        </message>
        <message>
            <source>layer %1</source>
            <translation>layer %1</translation>
        </message>
        <message>
            <source>output gradient</source>
            <translation>gradien keluaran</translation>
        </message>
        <message>
            <source>range used, highest layer</source>
            <translation>rentang terpakai, layer tertinggi</translation>
        </message>
        <message>
            <source>range used, lowest layer</source>
            <translation>rentang terpakai, layer terendah</translation>
        </message>
        <message>
            <source>saturated</source>
            <translation>tersaturasi</translation>
        </message>
        <message>
            <source>saturated: share of the tensor's elements the cast clips (beyond what rounds to the format's max); underflowed: share of its non-zero elements that became 0; range used: amax × scale over the format's max (100%: the scale puts the amax at the max, as current scaling does; above: the cast clips; far below: the range's top goes unused). Over the layers, the largest share or the lowest or highest range. Amax, and max/scale as a band: for one layer, the tensor's amax (line) and the amax its scale fits, max/scale (wide band; per-tensor scales only): current scaling keeps the line on the band, delayed scaling takes the band from the amax history.</source>
            <translation>tersaturasi: bagian elemen tensor yang dijepit cast (melampaui nilai yang dibulatkan ke maks format); underflow: bagian elemen bukan nol yang menjadi 0; rentang terpakai: amax × skala dibagi maks format (100%: skala menaruh amax di maks, seperti current scaling; di atasnya: cast menjepit; jauh di bawahnya: bagian atas rentang tak terpakai). Atas semua layer: bagian terbesar atau rentang terendah atau tertinggi. amax, dan max/skala sebagai pita: untuk satu layer, amax tensor (garis) dan amax yang pas untuk skalanya, max/skala (pita lebar; hanya skala per tensor): current scaling menjaga garis di pita, delayed scaling mengambil pita dari riwayat amax.</translation>
        </message>
        <message>
            <source>step</source>
            <translation>langkah</translation>
        </message>
        <message>
            <source>underflowed</source>
            <translation>underflow</translation>
        </message>
        <message>
            <source>weight</source>
            <translation>bobot</translation>
        </message>
        <message>
            <source>|x| · band: max/scale</source>
            <translation>|x| · pita: max/skala</translation>
        </message>
    </context>
    <context>
        <name>presisi::ScalingChart</name>
        <message>
            <source>%1  (log2 axis)</source>
            <translation>%1  (log2)</translation>
        </message>
        <message>
            <source>knee</source>
            <translation>titik lutut</translation>
        </message>
    </context>
    <context>
        <name>presisi::SeedChart</name>
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
        <message>
            <source>Final evaluation loss per seed</source>
            <translation>Loss evaluasi akhir per seed</translation>
        </message>
        <message>
            <source>Press Run check</source>
            <translation>Tekan Jalankan uji</translation>
        </message>
        <message>
            <source>audit</source>
            <translation>audit</translation>
        </message>
        <message>
            <source>eval loss (float32)</source>
            <translation>loss eval (float32)</translation>
        </message>
        <message>
            <source>left out</source>
            <translation>dikecualikan</translation>
        </message>
        <message>
            <source>reference</source>
            <translation>acuan</translation>
        </message>
        <message>
            <source>safe</source>
            <translation>aman</translation>
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
            <source>1 · Throughput of matrix products</source>
            <translation>1 · Throughput perkalian matriks</translation>
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
            <source>4 · Where a step's time goes</source>
            <translation>4 · Ke mana waktu satu langkah pergi</translation>
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
            <source>&lt;b&gt;Speed.&lt;/b&gt; What mixed precision buys on this machine. Each section measures on its own: press its &lt;b&gt;Run&lt;/b&gt;; Esc cancels.&lt;br&gt;&lt;br&gt;&lt;b&gt;1 Throughput&lt;/b&gt;: TFLOP/s of matrix products per format. A &lt;i&gt;native&lt;/i&gt; lane uses the CPU's bf16/f16 instructions (AVX512_BF16, AMX) or the GPU's tensor cores; an &lt;i&gt;emulated&lt;/i&gt; lane rounds to the format but multiplies in float32 — right numbers, no speed-up.&lt;br&gt;&lt;b&gt;2 Memory&lt;/b&gt;: what one lane holds at the Training lab's batch, and the largest batch that fits the budget. Activations grow with the batch; low formats halve them.&lt;br&gt;&lt;b&gt;3 Batch sweep&lt;/b&gt;: samples/s against batch size up to the memory limit. The knee is where a larger batch stops paying.&lt;br&gt;&lt;b&gt;4 Where a step's time goes&lt;/b&gt;: the larger side names the bottleneck. &lt;i&gt;Compute-bound&lt;/i&gt; (forward, backward, optimizer): mixed precision helps. &lt;i&gt;Transfer-bound&lt;/i&gt; (host→device copies): it will not — keep data on the device or overlap copies. &lt;i&gt;Data-bound&lt;/i&gt; (loading): it will not — speed up loading. Set the loader cost to 20 ms to see the data-bound case.&lt;br&gt;&lt;br&gt;A measurement holds the Training lab's run while it measures and lets it go on after: both would share the CPU, and a measurement taken beside a run reads low.</source>
            <translation>&lt;b&gt;Kecepatan.&lt;/b&gt; Apa yang diberikan presisi campuran di mesin ini. Tiap bagian mengukur sendiri-sendiri: tekan &lt;b&gt;Jalankan&lt;/b&gt; miliknya; Esc membatalkan.&lt;br&gt;&lt;br&gt;&lt;b&gt;1 Throughput&lt;/b&gt;: TFLOP/s perkalian matriks per format. Lajur &lt;i&gt;native&lt;/i&gt; memakai instruksi bf16/f16 CPU (AVX512_BF16, AMX) atau tensor core GPU; lajur &lt;i&gt;emulasi&lt;/i&gt; membulatkan ke format tetapi mengalikan dalam float32 — angkanya benar, tanpa percepatan.&lt;br&gt;&lt;b&gt;2 Memori&lt;/b&gt;: apa yang dimuat satu lajur pada batch Lab pelatihan, dan batch terbesar yang muat dalam anggaran. Aktivasi tumbuh seiring batch; format presisi rendah memangkasnya separuh.&lt;br&gt;&lt;b&gt;3 Sapuan batch&lt;/b&gt;: sampel/dtk terhadap ukuran batch hingga batas memori. Titik lutut adalah tempat batch yang lebih besar berhenti memberi hasil.&lt;br&gt;&lt;b&gt;4 Ke mana waktu satu langkah pergi&lt;/b&gt;: sisi yang lebih besar menentukan hambatannya. &lt;i&gt;Terikat komputasi&lt;/i&gt; (forward, backward, optimizer): presisi campuran membantu. &lt;i&gt;Terikat transfer&lt;/i&gt; (salinan host→perangkat): tidak membantu — simpan data di perangkat atau tumpang-tindihkan salinan. &lt;i&gt;Terikat data&lt;/i&gt; (pemuatan): tidak membantu — percepat pemuatan. Pasang biaya loader 20 ms untuk melihat kasus terikat data.&lt;br&gt;&lt;br&gt;Pengukuran menahan run Lab pelatihan selama mengukur lalu membiarkannya berlanjut sesudahnya: keduanya akan berbagi CPU, dan pengukuran yang diambil di samping sebuah run terbaca terlalu rendah.</translation>
        </message>
        <message>
            <source>&lt;b&gt;The Training lab's setup cannot be measured:&lt;/b&gt; %1</source>
            <translation>&lt;b&gt;Pengaturan Lab pelatihan tidak dapat diukur:&lt;/b&gt; %1</translation>
        </message>
        <message>
            <source>&lt;br&gt;&lt;i&gt;Shown: the last finished measurement.&lt;/i&gt;&lt;br&gt;</source>
            <translation>&lt;br&gt;&lt;i&gt;Yang ditampilkan: pengukuran terakhir yang selesai.&lt;/i&gt;&lt;br&gt;</translation>
        </message>
        <message>
            <source>&lt;i&gt;measuring…&lt;/i&gt;</source>
            <translation>&lt;i&gt;mengukur…&lt;/i&gt;</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Batal</translation>
        </message>
        <message>
            <source>Measure now, on a worker thread: the window stays usable. One measurement runs at a time (two at once would slow each other and both figures would be wrong).</source>
            <translation>Ukur sekarang, di thread pekerja: jendela tetap bisa dipakai. Hanya satu pengukuran berjalan pada satu waktu (dua sekaligus akan saling memperlambat dan kedua angkanya salah).</translation>
        </message>
        <message>
            <source>Measurement progress: products, points or steps done of all.</source>
            <translation>Kemajuan pengukuran: perkalian, titik atau langkah yang sudah selesai dari seluruhnya.</translation>
        </message>
        <message>
            <source>Presisi speed · %1</source>
            <translation>Kecepatan Presisi · %1</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>Jalankan</translation>
        </message>
        <message>
            <source>Speed</source>
            <translation>Kecepatan</translation>
        </message>
        <message>
            <source>Speed: measuring %1… (Esc cancels)</source>
            <translation>Kecepatan: mengukur %1… (Esc membatalkan)</translation>
        </message>
        <message>
            <source>Stop this measurement (Esc). What was measured before is kept.</source>
            <translation>Hentikan pengukuran ini (Esc). Hasil yang diukur sebelumnya tetap disimpan.</translation>
        </message>
        <message>
            <source>batch sweep</source>
            <translation>sapuan batch</translation>
        </message>
        <message>
            <source>measurement finished</source>
            <translation>pengukuran selesai</translation>
        </message>
        <message>
            <source>memory</source>
            <translation>memori</translation>
        </message>
        <message>
            <source>step breakdown</source>
            <translation>rincian langkah</translation>
        </message>
        <message>
            <source>throughput</source>
            <translation>throughput</translation>
        </message>
    </context>
    <context>
        <name>presisi::SpeedResults</name>
        <message>
            <source>%1 (batch %2)</source>
            <translation>%1 (batch %2)</translation>
        </message>
        <message>
            <source>%1: no point measured (batch 1 does not fit the budget)</source>
            <translation>%1: tidak ada titik yang diukur (batch 1 pun tidak muat dalam anggaran)</translation>
        </message>
        <message>
            <source>Achieved TFLOP/s (2·m·n·k / median seconds) of one product per lane and size; higher is faster, hover a point for its value. Native lanes use the CPU's bf16/f16 instructions; emulated lanes (dotted) round to the format but compute in float32: right numbers, no speed-up.</source>
            <translation>TFLOP/s yang dicapai (2·m·n·k / median detik) satu perkalian per lajur dan ukuran; makin tinggi makin cepat, arahkan kursor ke sebuah titik untuk nilainya. Lajur native memakai instruksi bf16/f16 CPU; lajur emulasi (bertitik) membulatkan ke format tetapi menghitung dalam float32: angkanya benar, tanpa percepatan.</translation>
        </message>
        <message>
            <source>Achieved TFLOP/s against product size</source>
            <translation>TFLOP/s yang dicapai terhadap ukuran perkalian</translation>
        </message>
        <message>
            <source>At batch %1. Largest batch within the budget %2: %3.&lt;br&gt;Low lanes hold f32 master weights and gradients beside their own: they save on activations, which grow with the batch.</source>
            <translation>Pada batch %1. Batch terbesar dalam anggaran %2: %3.&lt;br&gt;Lajur presisi rendah menyimpan bobot master dan gradien f32 di samping miliknya sendiri: penghematannya pada aktivasi, yang tumbuh seiring batch.</translation>
        </message>
        <message>
            <source>Bytes one lane holds</source>
            <translation>Byte yang dimuat satu lajur</translation>
        </message>
        <message>
            <source>CPU f32 reaches %1 of one core's &lt;i&gt;estimated&lt;/i&gt; peak %2 TFLOP/s (%3)%4.</source>
            <translation>f32 CPU mencapai %1 dari puncak satu core yang &lt;i&gt;diperkirakan&lt;/i&gt; %2 TFLOP/s (%3)%4.</translation>
        </message>
        <message>
            <source>Each lane's verdict: data-bound when loading outweighs the compute (forward + backward + optimizer), transfer-bound when copies do, otherwise compute-bound. Only a compute-bound step gets faster with mixed precision, and on the CPU only with native products.</source>
            <translation>Putusan tiap lajur: terikat data bila pemuatan melebihi komputasi (forward + backward + optimizer), terikat transfer bila salinan yang melebihi, selain itu terikat komputasi. Hanya langkah yang terikat komputasi yang menjadi lebih cepat dengan presisi campuran, dan di CPU hanya dengan perkalian native.</translation>
        </message>
        <message>
            <source>GPU: %1 (its peak is not known to Presisi: no fraction given).</source>
            <translation>GPU: %1 (puncaknya tidak diketahui Presisi: porsinya tidak diberikan).</translation>
        </message>
        <message>
            <source>Largest batch: the biggest batch whose weights, master weights, gradients, activations and optimizer state fit the budget, per lane. Low lanes keep f32 master weights and gradients too, so they save only on activations.</source>
            <translation>Batch terbesar: batch paling besar yang bobot, bobot master, gradien, aktivasi dan state optimizernya muat dalam anggaran, per lajur. Lajur presisi rendah juga menyimpan bobot master dan gradien f32, jadi penghematannya hanya pada aktivasi.</translation>
        </message>
        <message>
            <source>Loader cost %1 ms per batch. Compute-bound: the products dominate, mixed precision helps. Transfer-bound: copies dominate. Data-bound: the loader dominates — only faster loading helps.</source>
            <translation>Biaya loader %1 ms per batch. Terikat komputasi: perkalian mendominasi, presisi campuran membantu. Terikat transfer: salinan mendominasi. Terikat data: loader mendominasi — hanya pemuatan yang lebih cepat yang membantu.</translation>
        </message>
        <message>
            <source>One training step, split</source>
            <translation>Satu langkah pelatihan, dirinci</translation>
        </message>
        <message>
            <source>Per lane at the Training lab's batch: weights, f32 master weights (low lanes), gradients, activations kept for backward (they grow with the batch) and optimizer state. Shorter is smaller; hover a part for its size and share.</source>
            <translation>Per lajur pada batch Lab pelatihan: bobot, bobot master f32 (lajur presisi rendah), gradien, aktivasi yang disimpan untuk backward (tumbuh seiring batch) dan state optimizer. Makin pendek makin kecil; arahkan kursor ke satu bagian untuk ukuran dan porsinya.</translation>
        </message>
        <message>
            <source>Per lane, the median time of one step's parts: data (assembling the batch plus the loader's cost), transfer (host to device; none on the CPU), then forward, backward and optimizer, the compute. Data-bound when data outweighs the compute (and transfer), transfer-bound when transfer does; otherwise compute-bound, the only case mixed precision speeds up.</source>
            <translation>Per lajur, median waktu tiap bagian satu langkah: data (menyusun batch ditambah biaya loader), transfer (host ke perangkat; tidak ada di CPU), lalu forward, backward dan optimizer, yaitu komputasinya. Terikat data bila data melebihi komputasi (dan transfer), terikat transfer bila transfer yang melebihi; selain itu terikat komputasi, satu-satunya kasus yang dipercepat presisi campuran.</translation>
        </message>
        <message>
            <source>Samples per second of a training step (forward, backward, optimizer) per lane, at batch sizes up to the memory limit. The knee (square) is the smallest batch reaching 90% of the lane's best: beyond it a larger batch buys little.</source>
            <translation>Sampel per detik satu langkah pelatihan (forward, backward, optimizer) per lajur, pada ukuran batch hingga batas memori. Titik lutut (persegi) adalah batch terkecil yang mencapai 90% dari laju terbaik lajur: di atasnya batch yang lebih besar hanya memberi sedikit.</translation>
        </message>
        <message>
            <source>Speed-up over f32 at size %1: %2</source>
            <translation>Percepatan terhadap f32 pada ukuran %1: %2</translation>
        </message>
        <message>
            <source>Speed-up: a lane's TFLOP/s over f32's on the same device at the largest size (above 1× is faster). Peak share: the best CPU f32 product as a share of one core's estimated peak, an estimate from the clock and vector width named in brackets.</source>
            <translation>Percepatan: TFLOP/s sebuah lajur dibagi TFLOP/s f32 pada perangkat yang sama di ukuran terbesar (di atas 1× berarti lebih cepat). Porsi puncak: perkalian f32 CPU terbaik sebagai porsi dari perkiraan puncak satu core, perkiraan dari clock dan lebar vektor yang disebut di dalam kurung.</translation>
        </message>
        <message>
            <source>The knee: the smallest batch reaching 90% of the lane's best samples/s; the gain is the best rate beyond the knee over the rate at it. Still rising: the best rate was at the last batch measured.</source>
            <translation>Titik lutut: batch terkecil yang mencapai 90% dari sampel/dtk terbaik lajur; perolehannya adalah laju terbaik di atas titik lutut dibagi laju di titik itu. Masih naik: laju terbaik ada di batch terakhir yang diukur.</translation>
        </message>
        <message>
            <source>Training samples/s against batch size</source>
            <translation>Sampel/dtk pelatihan terhadap ukuran batch</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>aktivasi</translation>
        </message>
        <message>
            <source>all lanes</source>
            <translation>semua lajur</translation>
        </message>
        <message>
            <source>at batch %1 for %2</source>
            <translation>pada batch %1 untuk %2</translation>
        </message>
        <message>
            <source>backward</source>
            <translation>backward</translation>
        </message>
        <message>
            <source>batch</source>
            <translation>batch</translation>
        </message>
        <message>
            <source>batch size</source>
            <translation>ukuran batch</translation>
        </message>
        <message>
            <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gain &amp;lt; 10% (at most: %3)</source>
            <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh &amp;lt; 10% (paling banyak: %3)</translation>
        </message>
        <message>
            <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gain little (at most: %3)</source>
            <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh sedikit (paling banyak: %3)</translation>
        </message>
        <message>
            <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gains &amp;lt; 10% (at most: %3)</source>
            <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh &amp;lt; 10% (paling banyak: %3)</translation>
        </message>
        <message>
            <source>beyond batch &lt;b&gt;%1&lt;/b&gt; %2 gains little (at most: %3)</source>
            <translation>di atas batch &lt;b&gt;%1&lt;/b&gt; %2 memperoleh sedikit (paling banyak: %3)</translation>
        </message>
        <message>
            <source>bytes</source>
            <translation>byte</translation>
        </message>
        <message>
            <source>compute-bound: mixed precision helps</source>
            <translation>terikat komputasi: presisi campuran membantu</translation>
        </message>
        <message>
            <source>compute-bound: mixed precision helps where the products run natively; this lane is emulated (float32 products), so it gains nothing here: try +native or a GPU</source>
            <translation>terikat komputasi: presisi campuran membantu bila perkaliannya berjalan native; lajur ini emulasi (perkalian float32), jadi di sini tidak memperoleh apa-apa: coba +native atau GPU</translation>
        </message>
        <message>
            <source>data</source>
            <translation>data</translation>
        </message>
        <message>
            <source>data-bound: it will not — speed up loading (workers, caching, preprocessing once)</source>
            <translation>terikat data: presisi campuran tidak membantu — percepat pemuatan (worker, cache, prapemrosesan sekali saja)</translation>
        </message>
        <message>
            <source>f32 master</source>
            <translation>master f32</translation>
        </message>
        <message>
            <source>forward</source>
            <translation>forward</translation>
        </message>
        <message>
            <source>gradients</source>
            <translation>gradien</translation>
        </message>
        <message>
            <source>knee %1: %2</source>
            <translation>titik lutut %1: %2</translation>
        </message>
        <message>
            <source>memory limit %1</source>
            <translation>batas memori %1</translation>
        </message>
        <message>
            <source>none (batch 1 does not fit)</source>
            <translation>tidak ada (batch 1 pun tidak muat)</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>optimizer</translation>
        </message>
        <message>
            <source>press Run to measure</source>
            <translation>tekan Jalankan untuk mengukur</translation>
        </message>
        <message>
            <source>rounds of a point agree within %1% (widest: %2 at batch %3)</source>
            <translation>putaran-putaran satu titik berselisih paling banyak %1% (terlebar: %2 pada batch %3)</translation>
        </message>
        <message>
            <source>samples/s</source>
            <translation>sampel/dtk</translation>
        </message>
        <message>
            <source>size</source>
            <translation>ukuran</translation>
        </message>
        <message>
            <source>size n (layer: %1×n×n)</source>
            <translation>ukuran n (lapisan: %1×n×n)</translation>
        </message>
        <message>
            <source>size n (n×n×n)</source>
            <translation>ukuran n (n×n×n)</translation>
        </message>
        <message>
            <source>still rising at the last batch measured: %1</source>
            <translation>masih naik pada batch terakhir yang diukur: %1</translation>
        </message>
        <message>
            <source>time per step</source>
            <translation>waktu per langkah</translation>
        </message>
        <message>
            <source>transfer</source>
            <translation>transfer</translation>
        </message>
        <message>
            <source>transfer-bound: it will not — keep data on the device or overlap copies</source>
            <translation>terikat transfer: presisi campuran tidak membantu — simpan data di perangkat atau tumpang-tindihkan salinan</translation>
        </message>
        <message>
            <source>weights</source>
            <translation>bobot</translation>
        </message>
    </context>
    <context>
        <name>presisi::SpeedSettings</name>
        <message>
            <source>%1 (1 of %2 micro-batches)</source>
            <translation>%1 (1 dari %2 micro-batch)</translation>
        </message>
        <message>
            <source>+ native bf16 lane</source>
            <translation>+ lajur bf16 native</translation>
        </message>
        <message>
            <source>Adds cpu:bf16+native to the Training lab's lanes for the memory, sweep and breakdown sections: its products run on the CPU's bf16 instructions (oneDNN), so its step speed is measured beside the emulated bf16 lane's.</source>
            <translation>Menambahkan cpu:bf16+native ke lajur-lajur Lab pelatihan untuk bagian memori, sapuan dan rincian: perkaliannya berjalan pada instruksi bf16 CPU (oneDNN), sehingga kecepatan langkahnya diukur di samping lajur bf16 emulasi.</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>CPU + GPU</source>
            <translation>CPU + GPU</translation>
        </message>
        <message>
            <source>Device:</source>
            <translation>Perangkat:</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>Loader cost per batch (ms): the built-in loader waits this long for every batch, like a slow disk or heavy preprocessing. Set 20 ms to see a data-bound step.</source>
            <translation>Biaya loader per batch (ms): loader bawaan menunggu selama ini untuk setiap batch, seperti disk yang lambat atau prapemrosesan yang berat. Pasang 20 ms untuk melihat langkah yang terikat data.</translation>
        </message>
        <message>
            <source>Measures &lt;b&gt;%1&lt;/b&gt;: model %2, batch %3, %4, %5 lanes</source>
            <translation>Mengukur &lt;b&gt;%1&lt;/b&gt;: model %2, batch %3, %4, %5 lajur</translation>
        </message>
        <message>
            <source>The Training lab's setup cannot be read: %1</source>
            <translation>Pengaturan Lab pelatihan tidak dapat dibaca: %1</translation>
        </message>
        <message>
            <source>The largest product measured: sizes 256, 512, … up to this (powers of two). Large sizes take seconds each on a CPU core; speed-ups are quoted at the largest.</source>
            <translation>Perkalian terbesar yang diukur: ukuran 256, 512, … hingga nilai ini (pangkat dua). Ukuran besar memakan beberapa detik masing-masing pada satu core CPU; percepatan dikutip pada ukuran terbesar.</translation>
        </message>
        <message>
            <source>The memory budget: the largest batch that fits it is given per lane, and the batch sweep stops there. Default: the machine's available memory (MemAvailable; on a GPU its free memory).</source>
            <translation>Anggaran memori: batch terbesar yang muat di dalamnya diberikan per lajur, dan sapuan batch berhenti di sana. Bawaan: memori mesin yang tersedia (MemAvailable; pada GPU, memori bebasnya).</translation>
        </message>
        <message>
            <source>The model and batch the memory, sweep and breakdown sections measure: the Training lab's current setup (change it there).</source>
            <translation>Model dan batch yang diukur bagian memori, sapuan dan rincian: pengaturan Lab pelatihan saat ini (ubah di sana).</translation>
        </message>
        <message>
            <source>The model and batch the memory, sweep and breakdown sections measure: the Training lab's current setup (change it there). Lanes: %1.</source>
            <translation>Model dan batch yang diukur bagian memori, sapuan dan rincian: pengaturan Lab pelatihan saat ini (ubah di sana). Lajur: %1.</translation>
        </message>
        <message>
            <source>Which device the measurements run on. Memory, sweep and breakdown take the Training lab's lanes (their formats) on this device.</source>
            <translation>Perangkat tempat pengukuran berjalan. Memori, sapuan dan rincian memakai lajur-lajur Lab pelatihan (format-formatnya) pada perangkat ini.</translation>
        </message>
        <message>
            <source>Which device the measurements run on. No usable CUDA GPU here: CPU only (%1).</source>
            <translation>Perangkat tempat pengukuran berjalan. Tidak ada GPU CUDA yang dapat dipakai di sini: hanya CPU (%1).</translation>
        </message>
        <message>
            <source>budget (GiB)</source>
            <translation>anggaran (GiB)</translation>
        </message>
        <message>
            <source>full (%1)</source>
            <translation>penuh (%1)</translation>
        </message>
        <message>
            <source>layer</source>
            <translation>lapisan</translation>
        </message>
        <message>
            <source>loader cost per batch (ms)</source>
            <translation>biaya loader per batch (ms)</translation>
        </message>
        <message>
            <source>square</source>
            <translation>persegi</translation>
        </message>
        <message>
            <source>square: m = n = k = size. layer: a linear layer's forward, batch 256 × size inputs → size outputs.</source>
            <translation>persegi: m = n = k = ukuran. lapisan: forward sebuah lapisan linear, batch 256 × ukuran masukan → ukuran keluaran.</translation>
        </message>
        <message>
            <source>the Training lab's setup</source>
            <translation>pengaturan Lab pelatihan</translation>
        </message>
        <message>
            <source>up to %1</source>
            <translation>hingga %1</translation>
        </message>
    </context>
    <context>
        <name>presisi::StackedBarChart</name>
        <message>
            <source>%1 · %2 %3 (%4% of %5)</source>
            <translation>%1 · %2 %3 (%4% dari %5)</translation>
        </message>
    </context>
    <context>
        <name>presisi::TrainingForm</name>
        <message>
            <source>%1 steps/s</source>
            <translation>%1 langkah/detik</translation>
        </message>
        <message>
            <source>A normalisation after every hidden linear layer, before its activation: nn.LayerNorm, nn.RMSNorm or nn.BatchNorm1d, computed as PyTorch 2.x does (float32 statistics; the lane option +naive-stats computes them in the lane's format).</source>
            <translation>Normalisasi setelah setiap layer linear tersembunyi, sebelum aktivasinya: nn.LayerNorm, nn.RMSNorm atau nn.BatchNorm1d, dihitung seperti PyTorch 2.x (statistik float32; opsi lajur +naive-stats menghitungnya dalam format lajur).</translation>
        </message>
        <message>
            <source>Autocast policy (every lane)</source>
            <translation>Kebijakan autocast</translation>
        </message>
        <message>
            <source>Back to step 0 (Ctrl+R); a changed lane set applies now.</source>
            <translation>Kembali ke langkah 0 (Ctrl+R); perubahan susunan lajur berlaku sekarang.</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>Charts</source>
            <translation>Grafik</translation>
        </message>
        <message>
            <source>Clean steps in a row before the scale grows (2000 by default).</source>
            <translation>Jumlah langkah bersih berturut-turut sebelum skala tumbuh (bawaannya 2000).</translation>
        </message>
        <message>
            <source>Data</source>
            <translation>Data</translation>
        </message>
        <message>
            <source>Each lane trains the same model on the same batches in one format: f32, bf16, f16, and f16 with a loss scaler (+scaler).</source>
            <translation>Setiap lajur melatih model yang sama pada batch yang sama dalam satu format: f32, bf16, f16, dan f16 dengan penskala loss (+scaler).</translation>
        </message>
        <message>
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <source>GPU lanes off: %1</source>
            <translation>Lajur GPU nonaktif: %1</translation>
        </message>
        <message>
            <source>GradScaler's settings for every +scaler lane: the loss is multiplied by the scale before the backward pass and the gradients divided by it before the step.</source>
            <translation>Setelan GradScaler untuk setiap lajur +scaler: loss dikalikan dengan skala sebelum backward pass dan gradiennya dibagi skala itu sebelum step.</translation>
        </message>
        <message>
            <source>Gradient accumulation: micro-batches of 'batch' samples per optimizer step, each backpropagating loss / K; summed in float32 (the lane option +accum-low: in the lane's format).</source>
            <translation>Akumulasi gradien: micro-batch berisi 'batch' sampel per langkah optimizer, masing-masing mem-backprop loss / K; dijumlahkan dalam float32 (opsi lajur +accum-low: dalam format lajur).</translation>
        </message>
        <message>
            <source>How many steps a run takes (Play after the end goes on for as many again).</source>
            <translation>Jumlah langkah satu run (Putar setelah akhir melanjutkan sebanyak itu lagi).</translation>
        </message>
        <message>
            <source>Lane %1: trains in this format on the %2 (Ctrl+R or Play applies a change).</source>
            <translation>Lajur %1: berlatih dalam format ini pada %2 (Ctrl+R atau Putar menerapkan perubahan).</translation>
        </message>
        <message>
            <source>Lanes</source>
            <translation>Lajur</translation>
        </message>
        <message>
            <source>Lanes beyond the boxes, separated by commas: device:format[+scaler][+ftz][+native], e.g. cpu:f16+ftz, cpu:bf16+scaler, gpu:f16, cpu:bf16+native (the products on the CPU's own bf16 instructions, where it has them). Formats f32, bf16, f16.</source>
            <translation>Lajur di luar kotak centang, dipisahkan koma: perangkat:format[+scaler][+ftz][+native], misalnya cpu:f16+ftz, cpu:bf16+scaler, gpu:f16, cpu:bf16+native (perkalian memakai instruksi bf16 milik CPU sendiri, bila ada). Format f32, bf16, f16.</translation>
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
            <source>Loss scaler (+scaler lanes)</source>
            <translation>Penskala loss (lajur +scaler)</translation>
        </message>
        <message>
            <source>Model and optimizer</source>
            <translation>Model dan optimizer</translation>
        </message>
        <message>
            <source>Not used: the data comes from .npy files (File &gt; Load data…).</source>
            <translation>Tidak dipakai: data berasal dari berkas .npy (Berkas &gt; Muat data…).</translation>
        </message>
        <message>
            <source>One step of every lane (.)</source>
            <translation>Satu langkah untuk setiap lajur (.)</translation>
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
            <source>Play / pause (Space). After a change of the controls, starts again from step 0.</source>
            <translation>Putar / jeda (Spasi). Setelah kontrol diubah, mulai lagi dari langkah 0.</translation>
        </message>
        <message>
            <source>Reset</source>
            <translation>Ke awal</translation>
        </message>
        <message>
            <source>Samples per step ('full': the whole training set every step).</source>
            <translation>Sampel per langkah ('penuh': seluruh set pelatihan setiap langkah).</translation>
        </message>
        <message>
            <source>Standard deviation of the noise added to the built-in set, in units of the data (0: none).</source>
            <translation>Simpangan baku derau yang ditambahkan ke set bawaan, dalam satuan data (0: tanpa derau).</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>Langkah</translation>
        </message>
        <message>
            <source>Steps per second: the engine waits between steps ('max' runs as fast as the machine goes). Changes apply at once, also during a run.</source>
            <translation>Langkah per detik: mesin menunggu di antara langkah ('maks' berjalan secepat mesin mampu). Perubahan langsung berlaku, juga selama run.</translation>
        </message>
        <message>
            <source>Summation</source>
            <translation>Penjumlahan</translation>
        </message>
        <message>
            <source>The activation function between the linear layers.</source>
            <translation>Fungsi aktivasi di antara layer-layer linier.</translation>
        </message>
        <message>
            <source>The built-in data set every lane trains on (the same batches for every lane).</source>
            <translation>Set data bawaan yang dipakai setiap lajur untuk berlatih (batch yang sama untuk setiap lajur).</translation>
        </message>
        <message>
            <source>The optimizer; it updates float32 master weights in every lane.</source>
            <translation>Optimizer; memperbarui bobot master float32 pada setiap lajur.</translation>
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
            <source>The scale the loss is multiplied by at step 0 (GradScaler's init_scale, 65536 by default).</source>
            <translation>Skala pengali loss pada langkah 0 (init_scale GradScaler, bawaannya 65536).</translation>
        </message>
        <message>
            <source>Training samples of the built-in set; the evaluation samples are drawn after them.</source>
            <translation>Sampel pelatihan dari set bawaan; sampel evaluasi diambil sesudahnya.</translation>
        </message>
        <message>
            <source>Weight decay: sgd and adam add it times the weight to the gradient (L2), adamw shrinks the weight by lr times it before the step (decoupled; PyTorch's default for adamw is 0.01).</source>
            <translation>Peluruhan bobot: sgd dan adam menambahkan nilai ini dikali bobot ke gradien (L2), adamw mengecilkan bobot sebesar lr dikali nilai ini sebelum langkah (terpisah; bawaan PyTorch untuk adamw adalah 0.01).</translation>
        </message>
        <message>
            <source>activation</source>
            <translation>aktivasi</translation>
        </message>
        <message>
            <source>backoff factor</source>
            <translation>faktor mundur</translation>
        </message>
        <message>
            <source>batch</source>
            <translation>batch</translation>
        </message>
        <message>
            <source>cross_entropy (log_softmax then the negative log-likelihood) for classes, mse for regression.</source>
            <translation>cross_entropy (log_softmax lalu negative log-likelihood) untuk kelas, mse untuk regresi.</translation>
        </message>
        <message>
            <source>dataset</source>
            <translation>set data</translation>
        </message>
        <message>
            <source>full</source>
            <translation>penuh</translation>
        </message>
        <message>
            <source>growth factor</source>
            <translation>faktor pertumbuhan</translation>
        </message>
        <message>
            <source>growth interval</source>
            <translation>interval pertumbuhan</translation>
        </message>
        <message>
            <source>initial scale</source>
            <translation>skala awal</translation>
        </message>
        <message>
            <source>lane '%1' is already in the run</source>
            <translation>lajur '%1' sudah ada dalam run</translation>
        </message>
        <message>
            <source>learning rate</source>
            <translation>learning rate</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>loss</translation>
        </message>
        <message>
            <source>max (as fast as it goes)</source>
            <translation>maks (secepat mungkin)</translation>
        </message>
        <message>
            <source>micro-batches</source>
            <translation>micro-batch</translation>
        </message>
        <message>
            <source>more: cpu:bf16+native, cpu:f16+ftz, …</source>
            <translation>lainnya: cpu:bf16+native, cpu:f16+ftz, …</translation>
        </message>
        <message>
            <source>no lane: tick at least one</source>
            <translation>tidak ada lajur: centang paling sedikit satu</translation>
        </message>
        <message>
            <source>noise</source>
            <translation>derau</translation>
        </message>
        <message>
            <source>none</source>
            <comment>normalisation</comment>
            <translation>tak ada</translation>
        </message>
        <message>
            <source>normalisation</source>
            <translation>normalisasi</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>optimizer</translation>
        </message>
        <message>
            <source>pace</source>
            <translation>laju</translation>
        </message>
        <message>
            <source>samples</source>
            <translation>sampel</translation>
        </message>
        <message>
            <source>seed</source>
            <translation>seed</translation>
        </message>
        <message>
            <source>seed: '%1' is not an integer from 0 to 2^64-1</source>
            <translation>benih: '%1' bukan bilangan bulat dari 0 sampai 2^64-1</translation>
        </message>
        <message>
            <source>sizes</source>
            <translation>ukuran</translation>
        </message>
        <message>
            <source>sizes: '%1' is not a width (write e.g. 2-64-64-3)</source>
            <translation>ukuran: '%1' bukan lebar layer (tulis misalnya 2-64-64-3)</translation>
        </message>
        <message>
            <source>steps</source>
            <translation>langkah</translation>
        </message>
        <message>
            <source>torch.manual_seed before the model is built (the data and batches use the seed + 1): every lane starts from the same weights and sees the same batches.</source>
            <translation>torch.manual_seed sebelum model dibangun (data dan batch memakai benih + 1): setiap lajur mulai dari bobot yang sama dan melihat batch yang sama.</translation>
        </message>
        <message>
            <source>values per step</source>
            <translation>nilai per langkah</translation>
        </message>
        <message>
            <source>weight decay</source>
            <translation>peluruhan bobot</translation>
        </message>
    </context>
    <context>
        <name>presisi::TrainingPage</name>
        <message>
            <source> (preset %1)</source>
            <translation> (preset %1)</translation>
        </message>
        <message>
            <source> · %1 of %2 steps done</source>
            <translation> · %1 dari %2 langkah selesai</translation>
        </message>
        <message>
            <source> · %1 steps done (%2 after the set %3)</source>
            <translation> · %1 langkah selesai (%2 setelah %3 yang ditetapkan)</translation>
        </message>
        <message>
            <source>&lt;b&gt;Summation.&lt;/b&gt; Every lane adds the same values, one by one, into an accumulator held in its format; each partial sum is rounded to it. The left chart shows each lane's running sum against the exact sum (the wide pale band), the right one how far each lane is from it, in percent. Once a format's spacing at the running sum exceeds twice the value added, the sum stops growing.</source>
            <translation>&lt;b&gt;Penjumlahan.&lt;/b&gt; Setiap lajur menambahkan nilai yang sama, satu per satu, ke akumulator yang disimpan dalam formatnya; setiap jumlah parsial dibulatkan ke format itu. Grafik kiri menampilkan jumlah berjalan setiap lajur terhadap jumlah eksak (pita pucat yang lebar), grafik kanan seberapa jauh setiap lajur darinya, dalam persen. Begitu jarak antarnilai format pada jumlah berjalan melebihi dua kali nilai yang ditambahkan, jumlahnya berhenti bertambah.</translation>
        </message>
        <message>
            <source>&lt;b&gt;Training lab.&lt;/b&gt; Every lane trains the same model from the same seed on the same batches; only the number format and the policy differ. Forward and loss run under autocast, master weights and the optimizer stay in f32.&lt;br&gt;&lt;br&gt;Charts: the loss; the share of gradients that are zero in a lane but not in f32 (underflow); the loss scaler's scale with skipped steps marked; gradient magnitudes on log2 bins against the f16 and bf16 ranges. A lane whose loss turns NaN leaves the loss chart where a cross marks its last finite value, in the lane's colour; its tile says nan.&lt;br&gt;&lt;br&gt;&lt;b&gt;Ranges&lt;/b&gt; (beside Histogram): one lane's tensors per layer, smallest to largest magnitude, over its format's zero, subnormal, normal and overflow regions. &lt;b&gt;NaN doctor&lt;/b&gt;: when a lane first turns inf or NaN, a panel says where, shows the steps before, and reruns the lane with each remedy.</source>
            <translation>&lt;b&gt;Lab pelatihan.&lt;/b&gt; Setiap lajur melatih model yang sama dari benih yang sama pada batch yang sama; hanya format bilangan dan kebijakannya yang berbeda. Forward dan loss berjalan di bawah autocast, bobot master dan optimizer tetap pada f32.&lt;br&gt;&lt;br&gt;Grafik: loss; bagian gradien yang nol pada sebuah lajur tetapi tidak pada f32 (underflow); skala penskala loss dengan langkah yang dilewati ditandai; besaran gradien dalam bin log2 terhadap rentang f16 dan bf16. Lajur yang loss-nya menjadi NaN meninggalkan grafik loss, dan tanda silang berwarna lajur itu menandai nilai hingga terakhirnya; ubinnya menampilkan nan.&lt;br&gt;&lt;br&gt;&lt;b&gt;Rentang&lt;/b&gt; (di samping Histogram): tensor satu lajur per layer, dari besaran terkecil sampai terbesar, terhadap wilayah nol, subnormal, normal, dan overflow formatnya. &lt;b&gt;Dokter NaN&lt;/b&gt;: saat sebuah lajur pertama kali menjadi inf atau NaN, sebuah panel menyebut tempatnya, menampilkan langkah-langkah sebelumnya, dan menjalankan ulang lajur itu dengan setiap penanganan.</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Preset: %1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;hr&gt;</source>
            <translation>&lt;h3&gt;Preset: %1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;hr&gt;</translation>
        </message>
        <message>
            <source>Gradient magnitudes (log2 bins)</source>
            <translation>Besaran gradien (bin log2)</translation>
        </message>
        <message>
            <source>Hide or show the settings panel (the charts take its width)</source>
            <translation>Sembunyikan atau tampilkan panel pengaturan (grafik mengambil lebarnya)</translation>
        </message>
        <message>
            <source>Presisi training lab%1: %2 %3, %4 %5 lr %6, batch %7, seed %8; lanes %9; step %10</source>
            <translation>Lab pelatihan Presisi%1: %2 %3, %4 %5 lr %6, batch %7, benih %8; lajur %9; langkah %10</translation>
        </message>
        <message>
            <source>Run failed: %1</source>
            <translation>Run gagal: %1</translation>
        </message>
        <message>
            <source>Training lab</source>
            <translation>Lab pelatihan</translation>
        </message>
        <message>
            <source>Training: %1 · %2 lanes</source>
            <translation>Pelatihan: %1 · %2 lajur</translation>
        </message>
        <message>
            <source>full</source>
            <translation>penuh</translation>
        </message>
    </context>
    <context>
        <name>presisi::WindowExports</name>
        <message>
            <source>CSV (*.csv)</source>
            <translation>CSV (*.csv)</translation>
        </message>
        <message>
            <source>CSV (*.csv);;JSON (*.json)</source>
            <translation>CSV (*.csv);;JSON (*.json)</translation>
        </message>
        <message>
            <source>Could not write %1</source>
            <translation>Tidak dapat menulis %1</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>Tidak dapat menulis %1: %2</translation>
        </message>
        <message>
            <source>Export &amp;chart…</source>
            <translation>Ekspor &amp;grafik…</translation>
        </message>
        <message>
            <source>Export &amp;page…</source>
            <translation>Ekspor &amp;halaman…</translation>
        </message>
        <message>
            <source>Export chart</source>
            <translation>Ekspor grafik</translation>
        </message>
        <message>
            <source>Export chart d&amp;ata (CSV or JSON)…</source>
            <translation>Ekspor data gr&amp;afik (CSV atau JSON)…</translation>
        </message>
        <message>
            <source>Export chart data</source>
            <translation>Ekspor data grafik</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>Ekspor gagal</translation>
        </message>
        <message>
            <source>Export page</source>
            <translation>Ekspor halaman</translation>
        </message>
        <message>
            <source>Export page data</source>
            <translation>Ekspor data halaman</translation>
        </message>
        <message>
            <source>Export page data as &amp;JSON…</source>
            <translation>Ekspor data halaman sebagai &amp;JSON…</translation>
        </message>
        <message>
            <source>Export page data as CS&amp;V…</source>
            <translation>Ekspor data halaman sebagai &amp;CSV…</translation>
        </message>
        <message>
            <source>JSON (*.json)</source>
            <translation>JSON (*.json)</translation>
        </message>
        <message>
            <source>The chart has no data yet: run something first.</source>
            <translation>Grafik belum berisi data: jalankan sesuatu lebih dulu.</translation>
        </message>
        <message>
            <source>This page has no chart to export</source>
            <translation>Halaman ini tidak memiliki grafik untuk diekspor</translation>
        </message>
        <message>
            <source>This page has nothing to export yet: run something first.</source>
            <translation>Halaman ini belum punya apa pun untuk diekspor: jalankan sesuatu lebih dulu.</translation>
        </message>
        <message>
            <source>wrote %1</source>
            <translation>%1 sudah ditulis</translation>
        </message>
    </context>
    <context>
        <name>presisi::WindowMenus</name>
        <message>
            <source>&amp;About Presisi</source>
            <translation>Tent&amp;ang Presisi</translation>
        </message>
        <message>
            <source>&amp;Convergence check</source>
            <translation>&amp;Uji konvergensi</translation>
        </message>
        <message>
            <source>&amp;Copy chart</source>
            <translation>&amp;Salin grafik</translation>
        </message>
        <message>
            <source>&amp;Dark theme</source>
            <translation>Tema &amp;gelap</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Sunting</translation>
        </message>
        <message>
            <source>&amp;Explanation panel</source>
            <translation>Panel penj&amp;elasan</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Berkas</translation>
        </message>
        <message>
            <source>&amp;Formats</source>
            <translation>&amp;Format</translation>
        </message>
        <message>
            <source>&amp;Guided tour</source>
            <translation>&amp;Tur terpandu</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>B&amp;antuan</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <translation>&amp;Pintasan papan ketik</translation>
        </message>
        <message>
            <source>&amp;Linear lab</source>
            <translation>Lab &amp;linear</translation>
        </message>
        <message>
            <source>&amp;Normal text size</source>
            <translation>Ukuran teks n&amp;ormal</translation>
        </message>
        <message>
            <source>&amp;Presets</source>
            <translation>P&amp;reset</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Keluar</translation>
        </message>
        <message>
            <source>&amp;Reset</source>
            <translation>Ke a&amp;wal</translation>
        </message>
        <message>
            <source>&amp;Single step</source>
            <translation>Sa&amp;tu langkah</translation>
        </message>
        <message>
            <source>&amp;Training lab</source>
            <translation>Lab &amp;pelatihan</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Tampilan</translation>
        </message>
        <message>
            <source>(no presets found)</source>
            <translation>(tidak ada preset)</translation>
        </message>
        <message>
            <source>.</source>
            <translation>.</translation>
        </message>
        <message>
            <source>&lt;b&gt;Presisi&lt;/b&gt; 0.1 — a laboratory for mixed-precision numerics.&lt;br&gt;Lanes (device, format, policy) run side by side: float32, bfloat16, float16 with or without a loss scaler, on the CPU and, when present, a CUDA GPU.&lt;br&gt;&lt;br&gt;%1</source>
            <translation>&lt;b&gt;Presisi&lt;/b&gt; 0.1 — laboratorium numerik presisi campuran.&lt;br&gt;Lajur-lajur (perangkat, format, kebijakan) berjalan berdampingan: float32, bfloat16, float16 dengan atau tanpa penskala loss, di CPU dan, bila ada, di GPU CUDA.&lt;br&gt;&lt;br&gt;%1</translation>
        </message>
        <message>
            <source>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;Click to load it and start the run.&lt;/i&gt;&lt;/p&gt;</source>
            <translation>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;Klik untuk memuatnya dan memulai pelatihan.&lt;/i&gt;&lt;/p&gt;</translation>
        </message>
        <message>
            <source>A preset run at its lecture pace stops after each key moment with a caption; Space goes on. Runs at pace max never stop.</source>
            <translation>Preset yang berjalan pada laju kuliahnya berhenti setelah setiap momen kunci dengan keterangan; Spasi melanjutkan. Eksekusi pada laju maks tidak pernah berhenti.</translation>
        </message>
        <message>
            <source>About &amp;Qt</source>
            <translation>Tentang &amp;Qt</translation>
        </message>
        <message>
            <source>About Presisi</source>
            <translation>Tentang Presisi</translation>
        </message>
        <message>
            <source>All charts (leave a chart shown alone)</source>
            <translation>Semua grafik (tinggalkan grafik yang ditampilkan sendiri)</translation>
        </message>
        <message>
            <source>Convergence check (Ctrl+Return runs it, Esc cancels a running check)</source>
            <translation>Uji konvergensi (Ctrl+Return menjalankannya, Esc membatalkan uji yang sedang berjalan)</translation>
        </message>
        <message>
            <source>Copy &amp;page</source>
            <translation>Salin &amp;halaman</translation>
        </message>
        <message>
            <source>Ctrl+1 … Ctrl+4</source>
            <translation>Ctrl+1 … Ctrl+4</translation>
        </message>
        <message>
            <source>Ctrl+5</source>
            <translation>Ctrl+5</translation>
        </message>
        <message>
            <source>Ctrl+= or Ctrl++, Ctrl+-, Ctrl+0</source>
            <translation>Ctrl+= atau Ctrl++, Ctrl+-, Ctrl+0</translation>
        </message>
        <message>
            <source>Ctrl+E</source>
            <translation>Ctrl+E</translation>
        </message>
        <message>
            <source>Ctrl+Q</source>
            <translation>Ctrl+Q</translation>
        </message>
        <message>
            <source>Ctrl+R</source>
            <translation>Ctrl+R</translation>
        </message>
        <message>
            <source>Ctrl+Shift+C</source>
            <translation>Ctrl+Shift+C</translation>
        </message>
        <message>
            <source>F&amp;ull screen</source>
            <translation>Layar pe&amp;nuh</translation>
        </message>
        <message>
            <source>F11</source>
            <translation>F11</translation>
        </message>
        <message>
            <source>F5</source>
            <translation>F5</translation>
        </message>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>Pintasan papan ketik</translation>
        </message>
        <message>
            <source>Lan&amp;guage</source>
            <translation>Ba&amp;hasa</translation>
        </message>
        <message>
            <source>Larger te&amp;xt</source>
            <translation>Teks lebih &amp;besar</translation>
        </message>
        <message>
            <source>Linear lab, Training lab, Formats, Speed (Esc cancels a measurement)</source>
            <translation>Lab linear, Lab pelatihan, Format, Kecepatan (Esc membatalkan pengukuran)</translation>
        </message>
        <message>
            <source>N</source>
            <translation>N</translation>
        </message>
        <message>
            <source>Next key &amp;moment</source>
            <translation>&amp;Momen kunci berikutnya</translation>
        </message>
        <message>
            <source>Pause at &amp;key moments</source>
            <translation>Jed&amp;a di momen kunci</translation>
        </message>
        <message>
            <source>Pla&amp;y / pause</source>
            <translation>&amp;Jalankan / jeda</translation>
        </message>
        <message>
            <source>Presentation m&amp;ode</source>
            <translation>Mode p&amp;resentasi</translation>
        </message>
        <message>
            <source>S&amp;peed</source>
            <translation>&amp;Kecepatan</translation>
        </message>
        <message>
            <source>Sm&amp;aller text</source>
            <translation>Teks lebih ke&amp;cil</translation>
        </message>
        <message>
            <source>Space</source>
            <translation>Spasi</translation>
        </message>
        <message>
            <source>back to the whole run; ← → pan a zoomed chart</source>
            <translation>kembali ke seluruh pelatihan; ← → menggeser grafik yang diperbesar</translation>
        </message>
        <message>
            <source>chart copied to the clipboard</source>
            <translation>grafik disalin ke papan klip</translation>
        </message>
        <message>
            <source>click a legend entry</source>
            <translation>klik entri legenda</translation>
        </message>
        <message>
            <source>copy the current chart</source>
            <translation>menyalin grafik saat ini</translation>
        </message>
        <message>
            <source>double-click a chart</source>
            <translation>klik ganda pada grafik</translation>
        </message>
        <message>
            <source>drag a rectangle, or the wheel, over a chart</source>
            <translation>seret persegi panjang, atau putar roda tetikus, di atas grafik</translation>
        </message>
        <message>
            <source>export the current chart as PNG</source>
            <translation>mengekspor grafik saat ini sebagai PNG</translation>
        </message>
        <message>
            <source>full screen</source>
            <translation>layar penuh</translation>
        </message>
        <message>
            <source>hide or show that lane</source>
            <translation>menyembunyikan atau menampilkan lajur itu</translation>
        </message>
        <message>
            <source>hover a line</source>
            <translation>arahkan tetikus ke sebuah garis</translation>
        </message>
        <message>
            <source>lane, step and value</source>
            <translation>lajur, langkah dan nilai</translation>
        </message>
        <message>
            <source>larger, smaller, normal text (1x to 2x, charts included)</source>
            <translation>teks lebih besar, lebih kecil, normal (1x sampai 2x, termasuk grafik)</translation>
        </message>
        <message>
            <source>one step of every lane</source>
            <translation>satu langkah untuk setiap lajur</translation>
        </message>
        <message>
            <source>page copied to the clipboard</source>
            <translation>halaman disalin ke papan klip</translation>
        </message>
        <message>
            <source>play / pause the training run (from any field)</source>
            <translation>menjalankan / menjeda pelatihan (dari kolom mana pun)</translation>
        </message>
        <message>
            <source>presentation mode: full screen, large text, the explanation as a caption; → or Page Down goes to the preset's next key moment, Return shows the current chart alone, Esc leaves</source>
            <translation>mode presentasi: layar penuh, teks besar, penjelasan sebagai keterangan; → atau Page Down menuju momen kunci berikutnya dari preset, Enter menampilkan grafik saat ini sendirian, Esc keluar</translation>
        </message>
        <message>
            <source>quit</source>
            <translation>keluar</translation>
        </message>
        <message>
            <source>reset to step 0 (applies a changed lane set)</source>
            <translation>kembali ke langkah 0 (menerapkan perubahan susunan lajur)</translation>
        </message>
        <message>
            <source>right click on a chart</source>
            <translation>klik kanan pada grafik</translation>
        </message>
        <message>
            <source>run on to the next key moment (a finished run: show it on the timeline)</source>
            <translation>jalan terus ke momen kunci berikutnya (eksekusi yang selesai: tunjukkan di linimasa)</translation>
        </message>
        <message>
            <source>scrolls it; changes a field only while it has focus (click or Tab)</source>
            <translation>menggulirnya; mengubah kolom hanya bila kolom itu sedang aktif (klik atau Tab)</translation>
        </message>
        <message>
            <source>show it alone; Esc or another double-click returns</source>
            <translation>menampilkannya sendiri; Esc atau klik ganda lagi untuk kembali</translation>
        </message>
        <message>
            <source>timeline under the charts</source>
            <translation>garis waktu di bawah grafik</translation>
        </message>
        <message>
            <source>wheel over the side panel</source>
            <translation>roda tetikus di atas panel samping</translation>
        </message>
        <message>
            <source>when paused or finished: drag, or Home End ← →, to look back</source>
            <translation>saat dijeda atau selesai: seret, atau Home End ← →, untuk melihat ke belakang</translation>
        </message>
        <message>
            <source>zoom (the view holds while the run goes on)</source>
            <translation>memperbesar (tampilan bertahan selama pelatihan berlanjut)</translation>
        </message>
    </context>
    <context>
        <name>presisi::WindowSettings</name>
        <message>
            <source>(%1 bytes)</source>
            <translation>(%1 bita)</translation>
        </message>
        <message>
            <source>window/geometry = %1×%2 at (%3, %4): does not fit the screen (%5×%6); %7×%8 used</source>
            <translation>window/geometry = %1×%2 di (%3, %4): tidak muat di layar (%5×%6); dipakai %7×%8</translation>
        </message>
    </context>
</TS>
