<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
<context>
    <name>presisi::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>Gambar PNG</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>Gambar vektor SVG</translation>
    </message>
    <message>
        <source>PNG: a picture for slides and documents. SVG: a drawing that stays sharp at any size and can be edited (Inkscape, Illustrator).</source>
        <translation>PNG: gambar untuk salindia dan dokumen. SVG: gambar vektor yang tetap tajam pada ukuran berapa pun dan dapat disunting (Inkscape, Illustrator).</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Window size (%1 × %2)</source>
        <translation>Ukuran jendela (%1 × %2)</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Ukuran sendiri</translation>
    </message>
    <message>
        <source>The figure&apos;s size in pixels, caption included: 1920 × 1080 fills a 16:9 slide; 3840 × 2160 for a 4K projector; window size keeps the chart as it looks now.</source>
        <translation>Ukuran gambar dalam piksel, termasuk keterangannya: 1920 × 1080 memenuhi salindia 16:9; 3840 × 2160 untuk proyektor 4K; ukuran jendela mempertahankan grafik seperti yang tampak sekarang.</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Ukuran</translation>
    </message>
    <message>
        <source>Width of a custom figure in pixels.</source>
        <translation>Lebar gambar ukuran sendiri, dalam piksel.</translation>
    </message>
    <message>
        <source>Height of a custom figure in pixels.</source>
        <translation>Tinggi gambar ukuran sendiri, dalam piksel.</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>Ukuran sendiri</translation>
    </message>
    <message>
        <source>Font scale</source>
        <translation>Skala huruf</translation>
    </message>
    <message>
        <source>Pixels per figure pixel in the PNG: at 2× a 1920 × 1080 figure is 3840 × 2160 pixels, sharp on high-density screens and when the slide is scaled. SVG has no pixels.</source>
        <translation>Jumlah piksel PNG per piksel gambar: pada 2× gambar 1920 × 1080 menjadi 3840 × 2160 piksel, tetap tajam di layar berkerapatan tinggi dan saat salindia diperbesar. SVG tidak berpiksel.</translation>
    </message>
    <message>
        <source>Pixel ratio</source>
        <translation>Rasio piksel</translation>
    </message>
    <message>
        <source>Caption under the figure (setup, lanes, seed)</source>
        <translation>Keterangan di bawah gambar (pengaturan, lajur, seed)</translation>
    </message>
    <message>
        <source>A line of text under the chart that says how to reproduce it: the preset or workload, the lanes and the seed. It wraps between words.</source>
        <translation>Sebaris teks di bawah grafik yang menyebutkan cara mengulangnya: preset atau beban kerja, lajur, dan seed. Teks dipatahkan di antara kata.</translation>
    </message>
    <message>
        <source>Where the file is written. The name says what the figure is; the folder is remembered for the next export.</source>
        <translation>Tempat berkas ditulis. Namanya menyebutkan isi gambar; foldernya diingat untuk ekspor berikutnya.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Telusuri…</translation>
    </message>
    <message>
        <source>Choose the folder and file name.</source>
        <translation>Pilih folder dan nama berkas.</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Berkas</translation>
    </message>
    <message>
        <source>The size of the file that will be written.</source>
        <translation>Ukuran berkas yang akan ditulis.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Folder %1 tidak ada.</translation>
    </message>
    <message>
        <source>The PNG will be %1 × %2 pixels.</source>
        <translation>Berkas PNG akan berukuran %1 × %2 piksel.</translation>
    </message>
    <message>
        <source>The SVG&apos;s page will be %1 × %2.</source>
        <translation>Halaman SVG akan berukuran %1 × %2.</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>Gambar vektor SVG (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Gambar PNG (*.png)</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>Ekspor ke</translation>
    </message>
    <message>
        <source>How large text, lines and markers are drawn against the window at normal text size. 2 makes a 1920 × 1080 figure readable from the back of a lecture room; 1 draws the chart as the window does, with more room for data. Larger figures (3840 × 2160) look the same, only sharper.</source>
        <translation>Seberapa besar teks, garis, dan penanda digambar dibandingkan jendela pada ukuran teks normal. Nilai 2 membuat gambar 1920 × 1080 terbaca dari bangku belakang ruang kuliah; nilai 1 menggambar grafik seperti di jendela, dengan ruang lebih untuk data. Gambar yang lebih besar (3840 × 2160) tampak sama, hanya lebih tajam.</translation>
    </message>
</context>
<context>
    <name>presisi::MainWindow</name>
    <message>
        <source>Export &amp;chart…</source>
        <translation>Ekspor &amp;grafik…</translation>
    </message>
    <message>
        <source>Export &amp;page…</source>
        <translation>Ekspor &amp;halaman…</translation>
    </message>
    <message>
        <source>Export chart &amp;data (CSV or JSON)…</source>
        <translation>Ekspor &amp;data grafik (CSV atau JSON)…</translation>
    </message>
    <message>
        <source>Export page data as &amp;CSV…</source>
        <translation>Ekspor data halaman sebagai &amp;CSV…</translation>
    </message>
    <message>
        <source>Export page data as &amp;JSON…</source>
        <translation>Ekspor data halaman sebagai &amp;JSON…</translation>
    </message>
    <message>
        <source>This page has no chart to export</source>
        <translation>Halaman ini tidak memiliki grafik untuk diekspor</translation>
    </message>
    <message>
        <source>Export page</source>
        <translation>Ekspor halaman</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Ekspor grafik</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>%1 sudah ditulis</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>Tidak dapat menulis %1</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>Ekspor data grafik</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>The chart has no data yet, or %1 could not be written</source>
        <translation>Grafik belum memiliki data, atau %1 tidak dapat ditulis</translation>
    </message>
    <message>
        <source>Export page data</source>
        <translation>Ekspor data halaman</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Nothing to export yet, or %1 could not be written</source>
        <translation>Belum ada yang dapat diekspor, atau %1 tidak dapat ditulis</translation>
    </message>
</context>
</TS>
