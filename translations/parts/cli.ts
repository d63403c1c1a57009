<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
    <context>
        <name>cli</name>
        <message>
            <source>expected an integer from %1 to %2, got '%3'</source>
            <translation>diharapkan bilangan bulat dari %1 sampai %2, didapat '%3'</translation>
        </message>
        <message>
            <source>expected an integer seed (as torch.manual_seed takes), got '%1'</source>
            <translation>diharapkan seed bilangan bulat (seperti yang diterima torch.manual_seed), didapat '%1'</translation>
        </message>
        <message>
            <source>expected a number from %1 to %2, got '%3'</source>
            <translation>diharapkan bilangan dari %1 sampai %2, didapat '%3'</translation>
        </message>
        <message>
            <source>unknown option '%1'</source>
            <translation>opsi '%1' tidak dikenal</translation>
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
            <source>%1 takes no value</source>
            <translation>%1 tidak menerima nilai</translation>
        </message>
        <message>
            <source>the tutorial's nn.Linear example in f32, bf16 and f16 lanes, with error metrics</source>
            <translation>contoh nn.Linear dari tutorial pada lajur f32, bf16 dan f16, beserta ukuran galatnya</translation>
        </message>
        <message>
            <source>how values are stored in f32, bf16 and f16: bits, class, rounding error, neighbours</source>
            <translation>cara nilai disimpan dalam f32, bf16 dan f16: bit, kelas, galat pembulatan, tetangga</translation>
        </message>
        <message>
            <source>train a small MLP in several lanes: loss, gradient underflow, loss scaler</source>
            <translation>melatih MLP kecil di beberapa lajur: loss, gradien yang tenggelam ke nol, penskala loss</translation>
        </message>
        <message>
            <source>list the training presets (underflow, overflow-nan, scaler-growth, ...)</source>
            <translation>daftar preset pelatihan (underflow, overflow-nan, scaler-growth, ...)</translation>
        </message>
        <message>
            <source>the convergence check: every lane over K seeds against the f32 lane's seed spread</source>
            <translation>uji konvergensi: setiap lajur atas K seed dibandingkan dengan sebaran seed lajur f32</translation>
        </message>
        <message>
            <source>benchmarks: rounding, linear, train, memory, sweep, breakdown</source>
            <translation>tolok ukur: rounding, linear, train, memory, sweep, breakdown</translation>
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
            <source>
window options:
  --page linear|training|formats|speed|convergence   open on this page
  --preset NAME                    load a training preset and start it
  --dark                           dark theme (for projectors)
  --pace STEPS_PER_SECOND          training pace (0: as fast as possible; presets bring their own)
  --screenshot FILE [--page P] [--preset NAME] [--steps N] [--size WxH] [--value V]
                                   render the window off-screen to FILE (a .png) and exit
  --measure-responsiveness [--seconds S] [--json FILE]
                                   event-loop latency while four lanes train
  --measure-responsiveness --steps N [--json FILE]
                                   the soak: N steps of four lanes (2-16-3), resident memory
                                   sampled every second

window and commands:
  --lang en|id                     English or Bahasa Indonesia (default: the system's, LANG)

Exit status: 0 done, 1 a failure while running or writing, 2 a bad argument or a refused run,
130/143 'train' interrupted by SIGINT/SIGTERM (the steps done are written). See docs/CLI.md.

Run 'presisi &lt;command&gt; --help' for a command's options.
</source>
            <translation>
opsi jendela:
  --page linear|training|formats|speed|convergence   membuka halaman ini
  --preset NAMA                    memuat preset pelatihan lalu menjalankannya
  --dark                           tema gelap (untuk proyektor)
  --pace LANGKAH_PER_DETIK         laju pelatihan (0: secepat mungkin; preset membawa lajunya sendiri)
  --screenshot BERKAS [--page P] [--preset NAMA] [--steps N] [--size LxT] [--value V]
                                   menggambar jendela tanpa layar ke BERKAS (.png) lalu keluar
  --measure-responsiveness [--seconds S] [--json BERKAS]
                                   latensi event loop selama empat lajur berlatih
  --measure-responsiveness --steps N [--json BERKAS]
                                   uji ketahanan: N langkah empat lajur (2-16-3), memori resident
                                   dicatat setiap detik

jendela dan perintah:
  --lang en|id                     English atau Bahasa Indonesia (bawaan: bahasa sistem, LANG)

Status keluar: 0 selesai, 1 kegagalan saat berjalan atau menulis, 2 argumen salah atau eksekusi ditolak,
130/143 'train' dihentikan oleh SIGINT/SIGTERM (langkah yang sudah selesai tetap ditulis). Lihat docs/CLI.md.

Jalankan 'presisi &lt;perintah&gt; --help' untuk opsi sebuah perintah.
</translation>
        </message>
        <message>
            <source>cannot write to standard output: %1</source>
            <translation>tidak dapat menulis ke keluaran standar: %1</translation>
        </message>
        <message>
            <source>out of memory (try smaller sizes)</source>
            <translation>memori habis (coba ukuran yang lebih kecil)</translation>
        </message>
        <message>
            <source>unknown command '%1' (try 'presisi --help')</source>
            <translation>perintah '%1' tidak dikenal (coba 'presisi --help')</translation>
        </message>
        <message>
            <source>usage: presisi linear [--in N] [--out M] [--batch B] [--seed S] [--formats f32,tf32,bf16,f16]
                      [--device cpu|gpu|all] [--acc16] [--ftz] [--native] [--json]

Runs torch.manual_seed(S); lin = nn.Linear(N, M); x = torch.randn(B, N) and the layer's output
in each format: the low formats round x, W and b, accumulate in float32 and round the output
(autocast). Defaults are the tutorial's: 256, 256, 64, seed 0.
  --acc16  accumulate in the storage format instead (a demonstration of why nobody does)
  --ftz    flush subnormal results to zero
  --native beside each CPU bf16/f16 lane, the same product on the CPU's native low-precision
           instructions (oneDNN, float32 accumulation); where the CPU has none it runs emulated and says so
  tf32     (GPU lanes only) f32 products on tensor cores with inputs rounded to TF32
</source>
            <translation>pemakaian: presisi linear [--in N] [--out M] [--batch B] [--seed S] [--formats f32,tf32,bf16,f16]
                          [--device cpu|gpu|all] [--acc16] [--ftz] [--native] [--json]

Menjalankan torch.manual_seed(S); lin = nn.Linear(N, M); x = torch.randn(B, N) lalu menghitung keluaran
lapisan itu dalam setiap format: format rendah membulatkan x, W dan b, mengakumulasi dalam float32 lalu
membulatkan keluarannya (autocast). Nilai bawaan mengikuti tutorial: 256, 256, 64, seed 0.
  --acc16  mengakumulasi dalam format penyimpanan (peragaan mengapa hal itu tidak pernah dilakukan)
  --ftz    hasil subnormal dibulatkan ke nol
  --native di samping setiap lajur bf16/f16 CPU, perkalian yang sama dengan instruksi presisi rendah
           bawaan CPU (oneDNN, akumulasi float32); bila CPU tidak memilikinya, lajur itu diemulasikan dan
           hal itu disebutkan
  tf32     (hanya lajur GPU) perkalian f32 pada tensor core dengan masukan dibulatkan ke TF32
</translation>
        </message>
        <message>
            <source>nn.Linear(%1, %2) on x = randn(%3, %2), seed %4</source>
            <translation>nn.Linear(%1, %2) pada x = randn(%3, %2), seed %4</translation>
        </message>
        <message>
            <source>output dtype</source>
            <translation>presisi keluaran autocast</translation>
        </message>
        <message>
            <source>mean absolute difference</source>
            <translation>selisih rata-rata</translation>
        </message>
        <message>
            <source>correlation</source>
            <translation>korelasi arah</translation>
        </message>
        <message>
            <source>max absolute difference</source>
            <translation>selisih mutlak maksimum</translation>
        </message>
        <message>
            <source>relative L2 error</source>
            <translation>galat L2 relatif</translation>
        </message>
        <message>
            <source>(the reference the other lanes on %1 are compared with)</source>
            <translation>(acuan pembanding lajur-lajur lain di %1)</translation>
        </message>
        <message>
            <source>zeros / subnormals / inf / NaN: %1 / %2 / %3 / %4 of %5</source>
            <translation>nol / subnormal / inf / NaN: %1 / %2 / %3 / %4 dari %5</translation>
        </message>
        <message>
            <source>usage: presisi inspect VALUE... [--formats f32,bf16,f16] [--json]

Shows, per format, the value stored for each VALUE (rounded to nearest, ties to even), its
bits (hex and sign/exponent/mantissa), its class, the rounding error and the neighbouring
representable values. Negative values are values: presisi inspect -0.1 -0 1e-8 65520
</source>
            <translation>pemakaian: presisi inspect NILAI... [--formats f32,bf16,f16] [--json]

Menampilkan, untuk setiap format, nilai yang tersimpan bagi setiap NILAI (dibulatkan ke yang terdekat,
seri ke genap), bit-bitnya (heksadesimal serta tanda/eksponen/mantisa), kelasnya, galat pembulatan dan
nilai-nilai terwakili di sebelahnya. Nilai negatif tetap nilai: presisi inspect -0.1 -0 1e-8 65520
</translation>
        </message>
        <message>
            <source>unknown format '%1' (known: %2)</source>
            <translation>format '%1' tidak dikenal (yang dikenal: %2)</translation>
        </message>
        <message>
            <source>give at least one VALUE to inspect</source>
            <translation>berikan paling sedikit satu NILAI untuk diperiksa</translation>
        </message>
        <message>
            <source>not a number: '%1'</source>
            <translation>bukan bilangan: '%1'</translation>
        </message>
        <message>
            <source>error %1 (rel %2)  neighbours %3 .. %4</source>
            <translation>galat %1 (relatif %2)  tetangga %3 .. %4</translation>
        </message>
        <message>
            <source>unexpected argument '%1'</source>
            <translation>argumen '%1' tidak diharapkan</translation>
        </message>
        <message>
            <source>'%1' given twice</source>
            <translation>'%1' diberikan dua kali</translation>
        </message>
        <message>
            <source>expected cpu, gpu or all, got '%1'</source>
            <translation>diharapkan cpu, gpu atau all, didapat '%1'</translation>
        </message>
        <message>
            <source>usage: presisi train [--preset NAME | --scenario FILE] [options]

Trains a small MLP in several lanes side by side (same data, same initial weights) and prints a
per-lane table every so many steps and a final summary.

setup:     --preset NAME (presisi presets lists them)  --scenario FILE (an experiment file saved by the
           window, FILE.presisi.json, or a results file written by --json: its whole scenario; the
           options below, when given, override the file's values; docs/EXPERIMENT_FILES.md)
model:     --sizes 2,64,64,3  --activation relu|tanh|gelu|sigmoid  --loss cross_entropy|mse
data:      --dataset spiral|circles|xor|gaussians|moons|sine|plane|teacher  --samples N
           --eval-samples N  --noise S  --input-scale F  --target-scale F  --data-seed S
           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]
           (X float32 (N, in); Y integer labels (N) for cross_entropy or float32 (N, out) for mse)
optimizer: --optimizer sgd|adam  --lr 0.1  --momentum M  --weight-decay W  --beta1 --beta2 --eps
run:       --batch B (0 = full batch)  --steps N  --seed S  --shuffle
lanes:     --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler   (device:format[+scaler][+ftz])
scaler:    --init-scale 65536  --growth-factor 2  --backoff-factor 0.5  --growth-interval 2000
autocast:  --policy cpu|cuda|device  --op softmax=low,loss=low  (linear, activation, softmax, loss,
           reduction = low|f32|as-input)
           --backward-acc f32|storage  (storage: low-format backward products accumulate in the
           format, as ATen's reference GEMM does; f32: one rounding, as cuBLAS does)
           --dispatch presisi|torch [--torch-cpu this|avx512|no-avx512]  (torch: each bf16 product and
           GELU computed as PyTorch 1.13's CPU dispatch does: with AVX-512, oneDNN (f32 accumulation)
           only for products with m*n*k &gt; 4096 and GELU in f32; otherwise ATen's reference)
output:    --every N (table interval)  --histogram-interval K  --range-interval K (per-layer ranges
           every K steps, 0 = none)  --no-stats (no statistics: no underflow, histograms or ranges)
           --json FILE|-  (the JSON contract; '-' prints it instead of the table)  --csv FILE
           Files appear whole or not at all (written beside the name, then renamed); an existing file
           is replaced only by a complete one. Memory: a run that would not fit in MemAvailable is refused.

Ctrl+C (SIGINT) or SIGTERM stops between steps: the files get the steps done ("final": null), stderr
says so, and the exit status is 130 (SIGINT) or 143 (SIGTERM). A second signal ends at once.
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
data:      --dataset spiral|circles|xor|gaussians|moons|sine|plane|teacher  --samples N
           --eval-samples N  --noise S  --input-scale F  --target-scale F  --data-seed S
           --data X.npy --targets Y.npy [--eval-data X.npy --eval-targets Y.npy]
           (X float32 (N, masukan); Y label bilangan bulat (N) untuk cross_entropy atau float32 (N, keluaran)
           untuk mse)
optimizer: --optimizer sgd|adam  --lr 0.1  --momentum M  --weight-decay W  --beta1 --beta2 --eps
latihan:   --batch B (0 = batch penuh)  --steps N  --seed S  --shuffle
lajur:     --lanes cpu:f32,cpu:bf16,cpu:f16,cpu:f16+scaler   (perangkat:format[+scaler][+ftz])
penskala:  --init-scale 65536  --growth-factor 2  --backoff-factor 0.5  --growth-interval 2000
autocast:  --policy cpu|cuda|device  --op softmax=low,loss=low  (linear, activation, softmax, loss,
           reduction = low|f32|as-input)
           --backward-acc f32|storage  (storage: perkalian backward berformat rendah mengakumulasi dalam
           format itu, seperti GEMM acuan ATen; f32: satu kali pembulatan, seperti cuBLAS)
           --dispatch presisi|torch [--torch-cpu this|avx512|no-avx512]  (torch: setiap perkalian bf16 dan
           GELU dihitung seperti dispatch CPU PyTorch 1.13: dengan AVX-512, oneDNN (akumulasi f32) hanya
           untuk perkalian dengan m*n*k &gt; 4096 dan GELU dalam f32; selain itu acuan ATen)
keluaran:  --every N (selang tabel)  --histogram-interval K  --range-interval K (rentang per lapisan
           setiap K langkah, 0 = tidak ada)  --no-stats (tanpa statistik: tanpa underflow, histogram
           atau rentang)
           --json BERKAS|-  (kontrak JSON; '-' mencetaknya sebagai ganti tabel)  --csv BERKAS
           Berkas muncul utuh atau tidak sama sekali (ditulis di sebelah namanya, lalu diganti nama);
           berkas yang sudah ada hanya diganti oleh berkas yang lengkap. Memori: pelatihan yang tidak
           muat dalam MemAvailable ditolak.

Ctrl+C (SIGINT) atau SIGTERM berhenti di antara langkah: berkas memuat langkah yang sudah selesai
("final": null), stderr menyebutkannya, dan status keluar 130 (SIGINT) atau 143 (SIGTERM). Sinyal kedua
langsung mengakhiri.
Status keluar: 0 selesai, 1 kegagalan saat berjalan atau menulis, 2 argumen salah atau pelatihan ditolak.

Preset: 'presisi presets' menampilkan daftarnya.
</translation>
        </message>
        <message>
            <source>empty file name (use '-' for standard output)</source>
            <translation>nama berkas kosong (pakai '-' untuk keluaran standar)</translation>
        </message>
        <message>
            <source>empty file name</source>
            <translation>nama berkas kosong</translation>
        </message>
        <message>
            <source>interrupted after %1 of %2 steps</source>
            <translation>dihentikan setelah %1 dari %2 langkah</translation>
        </message>
        <message>
            <source>final after %1 steps</source>
            <translation>hasil akhir setelah %1 langkah</translation>
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
            <source>run: %1</source>
            <translation>jalankan: %1</translation>
        </message>
        <message>
            <source>run one: %1</source>
            <translation>jalankan salah satunya: %1</translation>
        </message>
        <message>
            <source>not with --preset (the file holds the whole scenario)</source>
            <translation>tidak bersama --preset (berkas itu memuat seluruh skenario)</translation>
        </message>
        <message>
            <source>width '%1' must be an integer from 1 to 4096</source>
            <translation>lebar '%1' harus bilangan bulat dari 1 sampai 4096</translation>
        </message>
        <message>
            <source>unknown activation '%1' (%2)</source>
            <translation>aktivasi '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown loss '%1' (%2)</source>
            <translation>loss '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>unknown dataset '%1' (%2; --data for .npy)</source>
            <translation>set data '%1' tidak dikenal (%2; --data untuk .npy)</translation>
        </message>
        <message>
            <source>unknown optimizer '%1' (%2)</source>
            <translation>optimizer '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>lane '%1' given twice</source>
            <translation>lajur '%1' diberikan dua kali</translation>
        </message>
        <message>
            <source>unknown policy '%1' (%2)</source>
            <translation>kebijakan '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>'%1' should be KIND=POLICY with KIND linear, activation, softmax, loss or reduction and POLICY low, f32 or as-input</source>
            <translation>'%1' seharusnya JENIS=KEBIJAKAN dengan JENIS linear, activation, softmax, loss atau reduction dan KEBIJAKAN low, f32 atau as-input</translation>
        </message>
        <message>
            <source>unknown value '%1' (%2)</source>
            <translation>nilai '%1' tidak dikenal (%2)</translation>
        </message>
        <message>
            <source>usage: presisi check [--preset NAME | setup options as for train] [--seeds K] [--first-seed S]
                     [--threads N] [--json FILE|-]

The convergence check: trains every lane from K model seeds (default 5: seeds S..S+K-1, S = 0) on
identical data, evaluates each run in float32 without gradients, and judges every lane against the
float32 lane: "safe" when its mean evaluation loss is within the float32 lane's seed spread,
"audit" when the shift is larger or a run went non-finite. The rule is printed with the table.
Seeds run in parallel (--threads, default: every core).

setup:     the options of `presisi train` (--preset, --sizes, --lanes, --lr, --steps, ...;
           see presisi train --help). Statistics are off: they change no result, only the time.
output:    --json FILE|-  (lanes with lane, mean, spread, verdict; the rule; every seed's run)
Ctrl+C (SIGINT) or SIGTERM stops the check within a step: nothing is written, the exit status is
130 or 143.
Exit status: 0 done (whatever the verdicts), 1 a failure while running or writing, 2 a bad argument.
</source>
            <translation>pemakaian: presisi check [--preset NAMA | opsi persiapan seperti train] [--seeds K] [--first-seed S]
                         [--threads N] [--json BERKAS|-]

Uji konvergensi: melatih setiap lajur dari K seed model (bawaan 5: seed S..S+K-1, S = 0) pada data
yang identik, mengevaluasi setiap pelatihan dalam float32 tanpa gradien, lalu menilai setiap lajur
terhadap lajur float32: "safe" (aman) bila rata-rata loss evaluasinya berada dalam sebaran seed lajur
float32, "audit" (periksa) bila pergeserannya lebih besar atau ada pelatihan yang menjadi tak hingga/NaN.
Aturannya dicetak bersama tabel. Seed dijalankan paralel (--threads, bawaan: semua inti).

persiapan: opsi `presisi train` (--preset, --sizes, --lanes, --lr, --steps, ...;
           lihat presisi train --help). Statistik dimatikan: tidak mengubah hasil, hanya waktunya.
keluaran:  --json BERKAS|-  (lajur dengan lane, mean, spread, verdict; aturannya; pelatihan setiap seed)
Ctrl+C (SIGINT) atau SIGTERM menghentikan uji dalam satu langkah: tidak ada yang ditulis, status
keluar 130 atau 143.
Status keluar: 0 selesai (apa pun penilaiannya), 1 kegagalan saat berjalan atau menulis, 2 argumen salah.
</translation>
        </message>
        <message>
            <source>convergence check: %1 seeds x %2 lanes, evaluation loss in float32</source>
            <translation>uji konvergensi: %1 seed x %2 lajur, loss evaluasi dalam float32</translation>
        </message>
        <message>
            <source>evaluation loss per seed:</source>
            <translation>loss evaluasi per seed:</translation>
        </message>
        <message>
            <source>%1 s on 1 thread</source>
            <translation>%1 detik pada 1 thread</translation>
        </message>
        <message>
            <source>%1 s on %2 threads</source>
            <translation>%1 detik pada %2 thread</translation>
        </message>
        <message>
            <source>the convergence check needs a training setup, not '%1'</source>
            <translation>uji konvergensi memerlukan persiapan pelatihan, bukan '%1'</translation>
        </message>
        <message>
            <source>interrupted (%1); nothing written</source>
            <translation>dihentikan (%1); tidak ada yang ditulis</translation>
        </message>
        <message>
            <source>usage: presisi bench rounding [--elements N] [--repeats R] [--json]
       presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--json FILE|-]
       presisi bench linear [--batch 1024] [--in 4096] [--out 4096] [--repeats R] [--device cpu|gpu|all] [--json]
       presisi bench train [--sizes 2,64,64,3] [--batch 256] [--steps 2000] [--threads 1] [--lanes …] [--json]
       presisi bench memory|sweep|breakdown [--preset NAME | train's setup options] [--batch B]
                            [--budget BYTES] [--loader-ms MS] [--json FILE|-]   (--help: their options)
</source>
            <translation>pemakaian: presisi bench rounding [--elements N] [--repeats R] [--json]
           presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--json BERKAS|-]
           presisi bench linear [--batch 1024] [--in 4096] [--out 4096] [--repeats R] [--device cpu|gpu|all] [--json]
           presisi bench train [--sizes 2,64,64,3] [--batch 256] [--steps 2000] [--threads 1] [--lanes …] [--json]
           presisi bench memory|sweep|breakdown [--preset NAMA | opsi persiapan train] [--batch B]
                                [--budget BYTE] [--loader-ms MS] [--json BERKAS|-]   (--help: opsinya)
</translation>
        </message>
        <message>
            <source>unknown benchmark '%1' (known: %2)</source>
            <translation>tolok ukur '%1' tidak dikenal (yang dikenal: %2)</translation>
        </message>
        <message>
            <source>usage: presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--repeats 5]
                          [--json FILE|-]
  Achieved TFLOP/s of C = A B per lane: CPU f32 (Eigen, the lanes' product; one thread), f32 oneDNN,
  bf16/f16 native (oneDNN, where this CPU has the instructions), bf16/f16 emulated; GPU f32, tf32, bf16,
  f16, f16+acc16 (cuBLAS, CUDA events). Square m = n = k = size, or --layer: batch 256 x size -&gt; size.
  Warm-up, then the median of interleaved repeats; random inputs in [-1, 1).
  PRESISI_FORCE_EMULATED=1 simulates a CPU without native bf16/f16.
</source>
            <translation>pemakaian: presisi bench gemm [--device cpu|gpu|all] [--sizes 256,512,1024,2048] [--layer] [--repeats 5]
                              [--json BERKAS|-]
  TFLOP/s yang dicapai C = A B per lajur: CPU f32 (Eigen, perkalian yang dipakai lajur; satu thread),
  f32 oneDNN, bf16/f16 bawaan (oneDNN, bila CPU ini memiliki instruksinya), bf16/f16 emulasi; GPU f32,
  tf32, bf16, f16, f16+acc16 (cuBLAS, event CUDA). Persegi m = n = k = ukuran, atau --layer: batch 256 x
  ukuran -&gt; ukuran. Pemanasan, lalu median dari pengulangan yang diselang-seling; masukan acak dalam [-1, 1).
  PRESISI_FORCE_EMULATED=1 menirukan CPU tanpa bf16/f16 bawaan.
</translation>
        </message>
        <message>
            <source>give at least one size</source>
            <translation>berikan paling sedikit satu ukuran</translation>
        </message>
        <message>
            <source>usage: presisi bench memory    [--preset NAME | train's setup options] [--batch B] [--budget BYTES] [--json FILE|-]
       (each also takes --device cpu|gpu|all)
       presisi bench sweep     [--preset NAME | train's setup options] [--budget BYTES] [--batches 1,8,64]
                               [--max-batch 16384] [--steps 20] [--json FILE|-]
       presisi bench breakdown [--preset NAME | train's setup options] [--batch B] [--loader-ms MS]
                               [--steps 30] [--json FILE|-]

memory:    bytes per lane (weights, f32 master weights, gradients, activations kept for backward,
           optimizer state) at the batch, and the largest batch that fits the budget
sweep:     training samples/s against batch size per lane up to the memory limit; the knee is the
           smallest batch reaching 90% of the lane's best (--steps: timed steps per point)
breakdown: one step split into data, transfer, forward, backward, optimizer (medians of --steps);
           --loader-ms is the built-in loader's cost per batch; the largest part is named
--budget:  bytes, or with K/M/G/T (powers of 1024), e.g. 512M, 2G; default: the host's MemAvailable
           (GPU lanes: the device's free memory)
--device cpu|gpu|all: the scenario's lanes on that device (moved there when none is); all: both, each so
</source>
            <translation>pemakaian: presisi bench memory    [--preset NAMA | opsi persiapan train] [--batch B] [--budget BYTE] [--json BERKAS|-]
           (masing-masing juga menerima --device cpu|gpu|all)
           presisi bench sweep     [--preset NAMA | opsi persiapan train] [--budget BYTE] [--batches 1,8,64]
                                   [--max-batch 16384] [--steps 20] [--json BERKAS|-]
           presisi bench breakdown [--preset NAMA | opsi persiapan train] [--batch B] [--loader-ms MS]
                                   [--steps 30] [--json BERKAS|-]

memory:    byte per lajur (bobot, bobot master f32, gradien, aktivasi yang disimpan untuk backward,
           state optimizer) pada batch itu, dan batch terbesar yang muat dalam anggaran
sweep:     sampel pelatihan per detik terhadap ukuran batch per lajur sampai batas memori; lututnya
           adalah batch terkecil yang mencapai 90% dari yang terbaik di lajur itu (--steps: langkah
           yang diukur per titik)
breakdown: satu langkah dipecah menjadi data, transfer, forward, backward, optimizer (median dari --steps);
           --loader-ms adalah biaya pemuat bawaan per batch; bagian terbesar disebutkan
--budget:  byte, atau dengan K/M/G/T (pangkat 1024), mis. 512M, 2G; bawaan: MemAvailable milik host
           (lajur GPU: memori bebas perangkat)
--device cpu|gpu|all: lajur skenario di perangkat itu (dipindahkan ke sana bila tidak ada); all: keduanya,
           masing-masing
</translation>
        </message>
    </context>
</TS>
