#!/usr/bin/env bash
# Opens a report written by `mcsim report --out DIR` in headless Chromium (Debian package chromium,
# installed here through apt-get when missing) and checks that the page loads, that every image on
# it loads, and that the browser console says nothing.
#
#   tools/check-report-in-browser.sh DIR            # DIR/index.html
#
# How: a checker page loads DIR/index.html in a frame (file pages may read each other with
# --allow-file-access-from-files), waits for every image, and writes what it found into its own
# DOM, which `chromium --headless --dump-dom` prints; a second run loads the index alone with the
# console logged to stderr. Exit status 0: all good; 1: a check failed; 2: usage or setup problem.
set -euo pipefail
if [ $# -ne 1 ] || [ ! -f "$1/index.html" ]; then
  echo "usage: $0 DIR   (DIR/index.html written by mcsim report)" >&2
  exit 2
fi
report=$(cd "$1" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "check-report: installing Debian's chromium (apt-get)" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  browser=$(command -v chromium)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --disable-gpu --no-sandbox --no-first-run --disable-extensions --user-data-dir="$work/profile"
       --allow-file-access-from-files --virtual-time-budget=30000)

cat > "$work/checker.html" <<HTML
<!DOCTYPE html><html><body><pre id="result">not finished</pre>
<iframe id="page" src="file://$report/index.html" width="1200" height="800"></iframe>
<script>
const frame = document.getElementById('page');
frame.addEventListener('load', () => {
  const doc = frame.contentDocument;
  if (!doc || !doc.querySelector('h1')) { document.getElementById('result').textContent = 'RESULT page-not-loaded'; return; }
  const images = Array.from(doc.images);
  Promise.all(images.map(i => i.complete ? Promise.resolve() : new Promise(r => { i.onload = r; i.onerror = r; })))
    .then(() => {
      const broken = images.filter(i => !(i.naturalWidth > 0)).map(i => i.getAttribute('src'));
      document.getElementById('result').textContent =
        'RESULT images=' + images.length + ' broken=' + broken.length + (broken.length ? ' ' + broken.join(' ') : '');
    });
});
</script></body></html>
HTML

result=$("$browser" "${flags[@]}" --dump-dom "file://$work/checker.html" 2>"$work/checker.log" |
         sed -n 's|.*<pre id="result">\([^<]*\)</pre>.*|\1|p' | head -n 1)
echo "check-report: $result"
status=0
case "$result" in
  "RESULT images="*" broken=0") ;;
  *) echo "check-report: FAILED: the page or one of its images did not load" >&2; status=1 ;;
esac
case "$result" in "RESULT images=0 "*) echo "check-report: FAILED: the page has no image" >&2; status=1 ;; esac

"$browser" "${flags[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$report/index.html" >"$work/index.dom" 2>"$work/index.log" || true
if grep -q "CONSOLE" "$work/index.log"; then
  echo "check-report: FAILED: the console said:" >&2
  grep "CONSOLE" "$work/index.log" >&2
  status=1
fi
grep -q "<h1>" "$work/index.dom" || { echo "check-report: FAILED: index.html did not render" >&2; status=1; }
[ $status -eq 0 ] && echo "check-report: index.html loads, every image loads, no console message"
exit $status
