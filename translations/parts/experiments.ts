<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
<context>
    <name>presisi::MainWindow</name>
    <message>
        <source>&amp;Open experiment…</source>
        <translation>&amp;Buka eksperimen…</translation>
    </message>
    <message>
        <source>Open experiment</source>
        <translation>Buka eksperimen</translation>
    </message>
    <message>
        <source>Presisi experiments (*.presisi.json);;JSON files (*.json);;All files (*)</source>
        <translation>Eksperimen Presisi (*.presisi.json);;Berkas JSON (*.json);;Semua berkas (*)</translation>
    </message>
    <message>
        <source>Load a saved experiment or a results file (.presisi.json, or a JSON export of a run): every setting of the Training lab, ready to play</source>
        <translation>Memuat eksperimen yang tersimpan atau berkas hasil (.presisi.json, atau ekspor JSON sebuah run): semua pengaturan lab pelatihan, siap dijalankan</translation>
    </message>
    <message>
        <source>&amp;Save experiment…</source>
        <translation>&amp;Simpan eksperimen…</translation>
    </message>
    <message>
        <source>Save experiment</source>
        <translation>Simpan eksperimen</translation>
    </message>
    <message>
        <source>Presisi experiments (*.presisi.json)</source>
        <translation>Eksperimen Presisi (*.presisi.json)</translation>
    </message>
    <message>
        <source>Save the Training lab&apos;s settings (model, data, optimizer, lanes, seed, policy, scaler, pace) as an experiment file; `presisi train --scenario FILE` runs the same</source>
        <translation>Menyimpan pengaturan lab pelatihan (model, data, optimizer, lajur, seed, kebijakan, penskala loss, laju) sebagai berkas eksperimen; `presisi train --scenario BERKAS` menjalankan hal yang sama</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Buka yang &amp;terakhir</translation>
    </message>
    <message>
        <source>Rese&amp;t to preset</source>
        <translation>Kembalikan ke pr&amp;eset</translation>
    </message>
    <message>
        <source>Back to the loaded preset&apos;s own settings (undoes your changes to the controls)</source>
        <translation>Kembali ke pengaturan asli preset yang dimuat (membatalkan perubahan Anda pada kontrol)</translation>
    </message>
    <message>
        <source>Load &amp;data…</source>
        <translation>Muat &amp;data…</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>Larik NumPy (*.npy)</translation>
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
        <source>Train on your own data: X and Y as .npy files, checked as `presisi train --data X --targets Y` checks them; the model&apos;s input and output widths and its loss follow the data</source>
        <translation>Latih dengan data Anda sendiri: X dan Y sebagai berkas .npy, diperiksa seperti `presisi train --data X --targets Y` memeriksanya; lebar masukan dan keluaran model serta loss-nya mengikuti data</translation>
    </message>
    <message>
        <source>Removed from the recent experiments (no longer there): %1</source>
        <translation>Dihapus dari daftar eksperimen terakhir (berkasnya sudah tidak ada): %1</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(belum ada)</translation>
    </message>
    <message>
        <source>Cannot open the experiment</source>
        <translation>Eksperimen tidak dapat dibuka</translation>
    </message>
    <message>
        <source>%1 — Presisi</source>
        <translation>%1 — Presisi</translation>
    </message>
    <message>
        <source>Opened %1: press Play (Space) to run it</source>
        <translation>%1 dibuka: tekan Putar (Spasi) untuk menjalankannya</translation>
    </message>
    <message>
        <source>Cannot save the experiment</source>
        <translation>Eksperimen tidak dapat disimpan</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 disimpan</translation>
    </message>
    <message>
        <source>Cannot load the data</source>
        <translation>Data tidak dapat dimuat</translation>
    </message>
    <message>
        <source>Data loaded: %1 and %2; model %3, loss %4</source>
        <translation>Data dimuat: %1 dan %2; model %3, loss %4</translation>
    </message>
    <message>
        <source>Reset to preset</source>
        <translation>Kembalikan ke preset</translation>
    </message>
    <message>
        <source>No preset is loaded: choose one in the Presets menu.</source>
        <translation>Belum ada preset yang dimuat: pilih satu di menu Preset.</translation>
    </message>
    <message>
        <source>Back to the settings of preset %1</source>
        <translation>Kembali ke pengaturan preset %1</translation>
    </message>
</context>
</TS>
