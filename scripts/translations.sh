#!/usr/bin/env bash
# Bahasa Indonesia translations: translations/presisi_id.ts (which the build compiles into presisi) brought
# up to date with the sources, or checked that every text of the window and the command line is translated.
#   scripts/translations.sh update  lupdate over app/ and widgets/ into translations/presisi_id.ts (new
#                                   texts come in unfinished, removed ones go; sorted); then translate the
#                                   unfinished ones (Qt Linguist or any XML editor)
#   scripts/translations.sh check   the same into a temporary copy; lists each unfinished message, exit 1
#                                   if there is any
# LUPDATE overrides the tool (default /usr/lib/qt6/bin/lupdate, from Debian's qt6-l10n-tools).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
qtbin=/usr/lib/qt6/bin
LUPDATE=${LUPDATE:-$qtbin/lupdate}
merged=$root/translations/presisi_id.ts
# The sources whose texts a person sees: the window, its widgets and the command line.
sources=("$root/app" "$root/widgets")
lupdate_options=(-locations none -no-obsolete -source-language en -target-language id -extensions cpp,h)

need() {
  [[ -x $1 ]] || { echo "translations.sh: $1 not found (apt-get install qt6-l10n-tools)" >&2; exit 2; }
}

# Messages inside each context sorted by source text (and comment), contexts by name: the file does not
# depend on the order lupdate met the sources in, so a diff shows only real changes.
sort_ts() {
  python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
path = sys.argv[1]
tree = ET.parse(path)
ts = tree.getroot()
contexts = sorted(ts.findall('context'), key=lambda c: c.findtext('name') or '')
for c in ts.findall('context'):
    ts.remove(c)
for c in contexts:
    name = c.find('name')
    msgs = c.findall('message')
    for m in msgs:
        c.remove(m)
    msgs.sort(key=lambda m: (m.findtext('source') or '', m.findtext('comment') or ''))
    for m in msgs:
        c.append(m)
    ts.append(c)
ET.indent(tree, space='    ')
with open(path, 'w', encoding='utf-8') as f:
    f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    f.write(ET.tostring(ts, encoding='unicode'))
    f.write('\n')
PY
}

update() {
  need "$LUPDATE"
  "$LUPDATE" -silent "${lupdate_options[@]}" "${sources[@]}" -ts "$merged"
  sort_ts "$merged"
  echo "translations.sh: translations/presisi_id.ts updated from app/ and widgets/"
}

check() {
  need "$LUPDATE"
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  cp "$merged" "$tmp/presisi_id.ts"
  "$LUPDATE" -silent "${lupdate_options[@]}" "${sources[@]}" -ts "$tmp/presisi_id.ts" >"$tmp/lupdate.log" 2>&1 || {
    cat "$tmp/lupdate.log" >&2
    echo "translations.sh: lupdate failed" >&2
    return 2
  }
  python3 - "$tmp/presisi_id.ts" <<'PY'
import sys, xml.etree.ElementTree as ET
ts = ET.parse(sys.argv[1]).getroot()
missing = []
for c in ts.findall('context'):
    for m in c.findall('message'):
        t = m.find('translation')
        kind = t.get('type') if t is not None else 'unfinished'
        if kind == 'unfinished':
            missing.append((c.findtext('name'), m.findtext('source')))
        elif kind not in ('obsolete', 'vanished'):
            pass
for ctx, src in missing:
    print('unfinished: %s: %s' % (ctx, (src or '').replace('\n', '\\n')))
total = sum(len(c.findall('message')) for c in ts.findall('context'))
print('translations.sh: %d message(s), %d unfinished' % (total, len(missing)))
sys.exit(1 if missing else 0)
PY
}

case "${1:-}" in
  update) update ;;
  check) check ;;
  *) echo "usage: scripts/translations.sh update|check" >&2; exit 2 ;;
esac
