<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
    <context>
        <name>RecordStore</name>
        <message>
            <source>cannot create a temporary file in %1: %2</source>
            <translation>tidak dapat membuat berkas sementara di %1: %2</translation>
        </message>
        <message>
            <source>cannot write the temporary record file: %1</source>
            <translation>tidak dapat menulis berkas catatan sementara: %1</translation>
        </message>
        <message>
            <source>cannot read the temporary record file: %1</source>
            <translation>tidak dapat membaca berkas catatan sementara: %1</translation>
        </message>
    </context>
    <context>
        <name>RunController</name>
        <message>
            <source>ready</source>
            <translation>siap</translation>
        </message>
        <message>
            <source>starting</source>
            <translation>memulai</translation>
        </message>
        <message>
            <source>running</source>
            <translation>berjalan</translation>
        </message>
        <message>
            <source>stopping</source>
            <translation>menghentikan</translation>
        </message>
        <message>
            <source>paused</source>
            <translation>dijeda</translation>
        </message>
        <message>
            <source>finished</source>
            <translation>selesai</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>gagal</translation>
        </message>
    </context>
    <context>
        <name>gui</name>
        <message>
            <source>expected a whole number from %1 to %2, got '%3'</source>
            <translation>diharapkan bilangan bulat dari %1 sampai %2, didapat '%3'</translation>
        </message>
        <message>
            <source>missing value</source>
            <translation>nilainya tidak ada</translation>
        </message>
        <message>
            <source>empty file name</source>
            <translation>nama berkas kosong</translation>
        </message>
        <message>
            <source>'%1' does not end in .png (screenshots are PNG files)</source>
            <translation>'%1' tidak berakhiran .png (tangkapan layar berupa berkas PNG)</translation>
        </message>
        <message>
            <source>expected linear, training, formats, speed or convergence, got '%1'</source>
            <translation>diharapkan linear, training, formats, speed atau convergence, didapat '%1'</translation>
        </message>
        <message>
            <source>expected WxH such as 1280x800, got '%1'</source>
            <translation>diharapkan LxT seperti 1280x800, didapat '%1'</translation>
        </message>
        <message>
            <source>expected steps per second from 0 (as fast as possible) to 1e6, got '%1'</source>
            <translation>diharapkan langkah per detik dari 0 (secepat mungkin) sampai 1e6, didapat '%1'</translation>
        </message>
        <message>
            <source>unknown option '%1' (see presisi --help)</source>
            <translation>opsi '%1' tidak dikenal (lihat presisi --help)</translation>
        </message>
        <message>
            <source>unexpected argument '%1' (see presisi --help)</source>
            <translation>argumen '%1' tidak diharapkan (lihat presisi --help)</translation>
        </message>
        <message>
            <source>only with --screenshot or --measure-responsiveness</source>
            <translation>hanya bersama --screenshot atau --measure-responsiveness</translation>
        </message>
        <message>
            <source>only with --screenshot</source>
            <translation>hanya bersama --screenshot</translation>
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
            <source>unknown preset '%1' (see presisi presets)</source>
            <translation>preset '%1' tidak dikenal (lihat presisi presets)</translation>
        </message>
    </context>
    <context>
        <name>presisi::MainWindow</name>
        <message>
            <source>CPU + GPU: %1</source>
            <translation>CPU + GPU: %1</translation>
        </message>
        <message>
            <source>CPU (GPU: %1)</source>
            <translation>CPU (GPU: %1)</translation>
        </message>
        <message>
            <source>Presisi — mixed-precision lab</source>
            <translation>Presisi — laboratorium presisi campuran</translation>
        </message>
        <message>
            <source>Linear lab</source>
            <translation>Lab linear</translation>
        </message>
        <message>
            <source>Training lab</source>
            <translation>Lab pelatihan</translation>
        </message>
        <message>
            <source>Formats</source>
            <translation>Format</translation>
        </message>
        <message>
            <source>Speed</source>
            <translation>Kecepatan</translation>
        </message>
        <message>
            <source>Convergence check</source>
            <translation>Uji konvergensi</translation>
        </message>
        <message>
            <source>CPU only (no CUDA GPU)</source>
            <translation>hanya CPU (tanpa GPU CUDA)</translation>
        </message>
        <message>
            <source>%1 steps/s</source>
            <translation>%1 langkah/detik</translation>
        </message>
        <message>
            <source>one chart alone: Esc or a double-click returns to all charts</source>
            <translation>satu grafik sendiri: Esc atau klik ganda kembali ke semua grafik</translation>
        </message>
        <message>
            <source>Run failed</source>
            <translation>Pelatihan gagal</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Berkas</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Keluar</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Sunting</translation>
        </message>
        <message>
            <source>&amp;Copy chart</source>
            <translation>&amp;Salin grafik</translation>
        </message>
        <message>
            <source>chart copied to the clipboard</source>
            <translation>grafik disalin ke papan klip</translation>
        </message>
        <message>
            <source>Copy &amp;page</source>
            <translation>Salin &amp;halaman</translation>
        </message>
        <message>
            <source>page copied to the clipboard</source>
            <translation>halaman disalin ke papan klip</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Tampilan</translation>
        </message>
        <message>
            <source>&amp;Linear lab</source>
            <translation>Lab &amp;linear</translation>
        </message>
        <message>
            <source>&amp;Training lab</source>
            <translation>Lab &amp;pelatihan</translation>
        </message>
        <message>
            <source>&amp;Formats</source>
            <translation>&amp;Format</translation>
        </message>
        <message>
            <source>S&amp;peed</source>
            <translation>&amp;Kecepatan</translation>
        </message>
        <message>
            <source>&amp;Convergence check</source>
            <translation>&amp;Uji konvergensi</translation>
        </message>
        <message>
            <source>&amp;Explanation panel</source>
            <translation>Panel penj&amp;elasan</translation>
        </message>
        <message>
            <source>&amp;Dark theme</source>
            <translation>Tema &amp;gelap</translation>
        </message>
        <message>
            <source>&amp;Play / pause</source>
            <translation>&amp;Jalankan / jeda</translation>
        </message>
        <message>
            <source>&amp;Single step</source>
            <translation>Sa&amp;tu langkah</translation>
        </message>
        <message>
            <source>&amp;Reset</source>
            <translation>&amp;Atur ulang</translation>
        </message>
        <message>
            <source>F&amp;ull screen</source>
            <translation>Layar pe&amp;nuh</translation>
        </message>
        <message>
            <source>&amp;Larger text</source>
            <translation>Teks lebih &amp;besar</translation>
        </message>
        <message>
            <source>&amp;Smaller text</source>
            <translation>Teks lebih ke&amp;cil</translation>
        </message>
        <message>
            <source>&amp;Normal text size</source>
            <translation>Ukuran teks n&amp;ormal</translation>
        </message>
        <message>
            <source>All charts (leave a chart shown alone)</source>
            <translation>Semua grafik (tinggalkan grafik yang ditampilkan sendiri)</translation>
        </message>
        <message>
            <source>&amp;Presets</source>
            <translation>P&amp;reset</translation>
        </message>
        <message>
            <source>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;Click to load it and start the run.&lt;/i&gt;&lt;/p&gt;</source>
            <translation>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;Klik untuk memuatnya dan memulai pelatihan.&lt;/i&gt;&lt;/p&gt;</translation>
        </message>
        <message>
            <source>(no presets found)</source>
            <translation>(tidak ada preset)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>B&amp;antuan</translation>
        </message>
        <message>
            <source>&amp;Guided tour</source>
            <translation>&amp;Tur terpandu</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <translation>&amp;Pintasan papan ketik</translation>
        </message>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>Pintasan papan ketik</translation>
        </message>
        <message>
            <source>&amp;About Presisi</source>
            <translation>Tent&amp;ang Presisi</translation>
        </message>
        <message>
            <source>About Presisi</source>
            <translation>Tentang Presisi</translation>
        </message>
        <message>
            <source>&lt;b&gt;Presisi&lt;/b&gt; 0.1 — a laboratory for mixed-precision numerics.&lt;br&gt;Lanes (device, format, policy) run side by side: float32, bfloat16, float16 with or without a loss scaler, on the CPU and, when present, a CUDA GPU.&lt;br&gt;&lt;br&gt;%1</source>
            <translation>&lt;b&gt;Presisi&lt;/b&gt; 0.1 — laboratorium numerik presisi campuran.&lt;br&gt;Lajur-lajur (perangkat, format, kebijakan) berjalan berdampingan: float32, bfloat16, float16 dengan atau tanpa penskala loss, di CPU dan, bila ada, di GPU CUDA.&lt;br&gt;&lt;br&gt;%1</translation>
        </message>
        <message>
            <source>About &amp;Qt</source>
            <translation>Tentang &amp;Qt</translation>
        </message>
        <message>
            <source>Space</source>
            <translation>Spasi</translation>
        </message>
        <message>
            <source>play / pause the training run (from any field)</source>
            <translation>menjalankan / menjeda pelatihan (dari kolom mana pun)</translation>
        </message>
        <message>
            <source>.</source>
            <translation>.</translation>
        </message>
        <message>
            <source>one step of every lane</source>
            <translation>satu langkah untuk setiap lajur</translation>
        </message>
        <message>
            <source>Ctrl+R</source>
            <translation>Ctrl+R</translation>
        </message>
        <message>
            <source>reset to step 0 (applies a changed lane set)</source>
            <translation>kembali ke langkah 0 (menerapkan perubahan susunan lajur)</translation>
        </message>
        <message>
            <source>Ctrl+1 … Ctrl+4</source>
            <translation>Ctrl+1 … Ctrl+4</translation>
        </message>
        <message>
            <source>Linear lab, Training lab, Formats, Speed (Esc cancels a measurement)</source>
            <translation>Lab linear, Lab pelatihan, Format, Kecepatan (Esc membatalkan pengukuran)</translation>
        </message>
        <message>
            <source>Ctrl+5</source>
            <translation>Ctrl+5</translation>
        </message>
        <message>
            <source>Convergence check (Esc cancels a running check)</source>
            <translation>Uji konvergensi (Esc membatalkan uji yang sedang berjalan)</translation>
        </message>
        <message>
            <source>Ctrl+= or Ctrl++, Ctrl+-, Ctrl+0</source>
            <translation>Ctrl+= atau Ctrl++, Ctrl+-, Ctrl+0</translation>
        </message>
        <message>
            <source>larger, smaller, normal text (1x to 2x, charts included)</source>
            <translation>teks lebih besar, lebih kecil, normal (1x sampai 2x, termasuk grafik)</translation>
        </message>
        <message>
            <source>F11</source>
            <translation>F11</translation>
        </message>
        <message>
            <source>full screen</source>
            <translation>layar penuh</translation>
        </message>
        <message>
            <source>double-click a chart</source>
            <translation>klik ganda pada grafik</translation>
        </message>
        <message>
            <source>show it alone; Esc or another double-click returns</source>
            <translation>menampilkannya sendiri; Esc atau klik ganda lagi untuk kembali</translation>
        </message>
        <message>
            <source>click a legend entry</source>
            <translation>klik entri legenda</translation>
        </message>
        <message>
            <source>hide or show that lane</source>
            <translation>menyembunyikan atau menampilkan lajur itu</translation>
        </message>
        <message>
            <source>drag a rectangle, or the wheel, over a chart</source>
            <translation>seret persegi panjang, atau putar roda tetikus, di atas grafik</translation>
        </message>
        <message>
            <source>zoom (the view holds while the run goes on)</source>
            <translation>memperbesar (tampilan bertahan selama pelatihan berlanjut)</translation>
        </message>
        <message>
            <source>right click on a chart</source>
            <translation>klik kanan pada grafik</translation>
        </message>
        <message>
            <source>back to the whole run; ← → pan a zoomed chart</source>
            <translation>kembali ke seluruh pelatihan; ← → menggeser grafik yang diperbesar</translation>
        </message>
        <message>
            <source>timeline under the charts</source>
            <translation>garis waktu di bawah grafik</translation>
        </message>
        <message>
            <source>when paused or finished: drag, or Home End ← →, to look back</source>
            <translation>saat dijeda atau selesai: seret, atau Home End ← →, untuk melihat ke belakang</translation>
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
            <source>Ctrl+E</source>
            <translation>Ctrl+E</translation>
        </message>
        <message>
            <source>export the current chart as PNG</source>
            <translation>mengekspor grafik saat ini sebagai PNG</translation>
        </message>
        <message>
            <source>Ctrl+Shift+C</source>
            <translation>Ctrl+Shift+C</translation>
        </message>
        <message>
            <source>copy the current chart</source>
            <translation>menyalin grafik saat ini</translation>
        </message>
        <message>
            <source>wheel over the side panel</source>
            <translation>roda tetikus di atas panel samping</translation>
        </message>
        <message>
            <source>scrolls it; changes a field only while it has focus (click or Tab)</source>
            <translation>menggulirnya; mengubah kolom hanya bila kolom itu sedang aktif (klik atau Tab)</translation>
        </message>
        <message>
            <source>Ctrl+Q</source>
            <translation>Ctrl+Q</translation>
        </message>
        <message>
            <source>quit</source>
            <translation>keluar</translation>
        </message>
        <message>
            <source>Lan&amp;guage</source>
            <translation>Ba&amp;hasa</translation>
        </message>
    </context>
    <context>
        <name>presisi::RunController</name>
        <message>
            <source>nothing to continue: the run was not started</source>
            <translation>tidak ada yang dilanjutkan: pelatihan belum dimulai</translation>
        </message>
        <message>
            <source>unknown engine failure</source>
            <translation>kegagalan mesin yang tidak diketahui</translation>
        </message>
    </context>
</TS>
