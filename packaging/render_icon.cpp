// Build tool: renders the application's SVG icon to square PNGs for the hicolor theme with Qt's own
// SVG renderer, so the installed PNGs always match the committed SVG.
// usage: presisi_render_icon ICON.svg OUTDIR SIZE...   writes OUTDIR/<n>x<n>/apps/<svg base name>.png
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv) {
    // No display at build time: the raster engine needs no window system.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    if (argc < 4) {
        std::fprintf(stderr, "usage: presisi_render_icon ICON.svg OUTDIR SIZE...\n");
        return 2;
    }
    const QString svg = QString::fromLocal8Bit(argv[1]);
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "presisi_render_icon: %s is not a valid SVG\n", argv[1]);
        return 1;
    }
    const QString base = QFileInfo(svg).completeBaseName();
    for (int i = 3; i < argc; ++i) {
        const int n = QString::fromLatin1(argv[i]).toInt();
        if (n <= 0) {
            std::fprintf(stderr, "presisi_render_icon: size '%s' is not a positive integer\n", argv[i]);
            return 2;
        }
        QImage image(n, n, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            renderer.render(&p, QRectF(0, 0, n, n));
        }
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(QString::fromLocal8Bit(argv[2])).arg(n);
        const QString out = dir + '/' + base + ".png";
        if (!QDir().mkpath(dir) || !image.save(out, "PNG")) {
            std::fprintf(stderr, "presisi_render_icon: cannot write %s\n", qPrintable(out));
            return 1;
        }
    }
    return 0;
}
