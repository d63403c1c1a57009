<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id" sourcelanguage="en">
<context>
    <name>FaultText</name>
    <message>
        <source>became NaN</source>
        <translation>menjadi NaN</translation>
    </message>
    <message>
        <source>became inf</source>
        <translation>menjadi inf</translation>
    </message>
    <message>
        <source>overflowed: %1 &gt; %2</source>
        <translation>overflow: %1 &gt; %2</translation>
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
        <source>weight gradient</source>
        <translation>gradien bobot</translation>
    </message>
    <message>
        <source>value</source>
        <translation>nilai</translation>
    </message>
    <message>
        <source>lane</source>
        <translation>lajur</translation>
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
        <source>%1 activation gradient %2 in layer %3&apos;s activation backward, step %4</source>
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
        <source>%1 %2 %3 in layer %4, backward, step %5</source>
        <translation>%2 %1 %3 di layer %4, backward, langkah %5</translation>
    </message>
    <message>
        <source>unscaling %1: a gradient times 1/scale left float32&apos;s range in layer %2, step %3</source>
        <translation>pembatalan penskalaan %1: gradien dikali 1/skala keluar dari rentang float32 di layer %2, langkah %3</translation>
    </message>
    <message>
        <source>the optimizer step wrote %1 into layer %2&apos;s weights from finite gradients, step %3</source>
        <translation>langkah optimizer menuliskan %1 ke bobot layer %2 dari gradien yang hingga, langkah %3</translation>
    </message>
    <message>
        <source>non-finite value in layer %1, step %2</source>
        <translation>nilai tak hingga atau NaN di layer %1, langkah %2</translation>
    </message>
    <message>
        <source>the loss scale fell to %1 (below 1): even unscaled, the gradients overflow %2: no loss scale may make %2 work here; try bf16</source>
        <translation>skala loss turun ke %1 (di bawah 1): tanpa penskalaan pun gradiennya overflow pada %2; tidak ada skala loss yang bisa membuat %2 berjalan di sini, coba bf16</translation>
    </message>
    <message>
        <source>the scaler skipped %1 steps in a row: no loss scale may make %2 work here; try bf16</source>
        <translation>penskala loss melewati %1 langkah berturut-turut; tidak ada skala loss yang bisa membuat %2 berjalan di sini, coba bf16</translation>
    </message>
</context>
</TS>
