#!/usr/bin/env bash
# Opens the pages written by `mcsim report --out DIR` in headless Chromium (Debian package chromium,
# installed here through apt-get when missing) and checks every one of them (index.html and each
# paper's page): it loads, it has its tables, every image on it loads, it shows no preformatted
# block (<pre>: a report's printed text instead of its tables), it does not scroll sideways at a
# laptop's width (1400 px) nor at a phone's (400 px) (wide tables scroll in their own box), and the
# browser console says nothing. With SHOTS, screenshots of the index and of one paper's page
# (PAGE, else the one with the most tables) at both widths are kept there (index-1400.png,
# index-400.png, PAPER-1400.png, PAPER-400.png; 900 px high).
#
#   tools/check-report-in-browser.sh DIR [SHOTS [PAGE]]   # e.g. report shots ranka92.html
#
# How: a checker page loads each page in turn in a frame of each width (file pages may read each
# other with --allow-file-access-from-files), waits for its images, and writes what it found into
# its own DOM, which `chromium --headless --dump-dom` prints; each page is then loaded alone with the
# console logged to stderr. Exit status 0: all good; 1: a check failed; 2: usage or setup problem.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 3 ] || [ ! -f "$1/index.html" ]; then
  echo "usage: $0 DIR [SHOTS [PAGE]]   (DIR/index.html written by mcsim report; screenshots into SHOTS)" >&2
  exit 2
fi
report=$(cd "$1" && pwd)
shots=${2:-}
shot_page=${3:-}
# shellcheck source=chromium-path.sh
source "$(dirname "$0")/chromium-path.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --disable-gpu --no-sandbox --no-first-run --disable-extensions --user-data-dir="$work/profile"
       --allow-file-access-from-files --hide-scrollbars --virtual-time-budget=60000)

# The report's pages: index.html first, then every other page in name order (names are the
# scenario ids' prefixes: plain file names).
pages=(index.html)
while IFS= read -r name; do
  [[ "$name" =~ ^[A-Za-z0-9._+-]+\.html$ ]] || { echo "check-report: $name is not a page name mcsim writes" >&2; exit 2; }
  [ "$name" = index.html ] || pages+=("$name")
done < <(cd "$report" && ls -1 -- *.html | LC_ALL=C sort)
[ ${#pages[@]} -ge 2 ] || { echo "check-report: FAILED: $report has index.html and no paper page" >&2; exit 1; }

page_list=""
for p in "${pages[@]}"; do page_list+="'$p',"; done
cat > "$work/checker.html" <<HTML
<!DOCTYPE html><html><body><pre id="result">not finished</pre><div id="frames"></div>
<script>
const pages = [$page_list];
const widths = [1400, 400];
const lines = [];
function check(page, width) {
  return new Promise(done => {
    const frame = document.createElement('iframe');
    frame.width = width; frame.height = 900;
    frame.addEventListener('load', () => {
      const doc = frame.contentDocument;
      if (!doc || !doc.querySelector('h1')) { lines.push('PAGE ' + page + ' ' + width + ' not-loaded'); frame.remove(); done(); return; }
      const images = Array.from(doc.images);
      Promise.all(images.map(i => i.complete ? Promise.resolve() : new Promise(r => { i.onload = r; i.onerror = r; })))
        .then(() => {
          const broken = images.filter(i => !(i.naturalWidth > 0)).map(i => i.getAttribute('src'));
          const root = doc.documentElement;
          const sideways = root.scrollWidth > root.clientWidth + 1 ? 1 : 0;
          lines.push('PAGE ' + page + ' ' + width + ' tables=' + doc.querySelectorAll('table').length +
                     ' pre=' + doc.querySelectorAll('pre').length +
                     ' images=' + images.length + ' broken=' + broken.length + ' sideways=' + sideways +
                     (broken.length ? ' ' + broken.join(' ') : ''));
          frame.remove();
          done();
        });
    });
    frame.src = 'file://$report/' + page;
    document.getElementById('frames').appendChild(frame);
  });
}
(async () => {
  for (const page of pages) for (const width of widths) await check(page, width);
  document.getElementById('result').textContent = lines.join('\n') + '\nEND';
})();
</script></body></html>
HTML

"$browser" "${flags[@]}" --dump-dom "file://$work/checker.html" 2>"$work/checker.log" >"$work/checker.dom" || true
results=$(sed -n '/<pre id="result">/,/<\/pre>/p' "$work/checker.dom" | sed -e 's|.*<pre id="result">||' -e 's|</pre>.*||')
status=0
grep -q '^END$' <<<"$results" || { echo "check-report: FAILED: the checker did not finish" >&2; status=1; }
images_seen=0
for p in "${pages[@]}"; do
  for width in 1400 400; do
    line=$(grep -F "PAGE $p $width " <<<"$results" || true)
    echo "check-report: ${line:-PAGE $p $width missing}"
    case "$line" in
      *" tables=0 "*|*not-loaded*|"") echo "check-report: FAILED: $p at $width px did not load or has no table" >&2; status=1 ;;
    esac
    case "$line" in *" pre=0 "*) ;; *)
      echo "check-report: FAILED: $p at $width px shows a preformatted block (<pre>) instead of tables" >&2; status=1 ;;
    esac
    case "$line" in *" broken=0 sideways=0"*) ;; *)
      echo "check-report: FAILED: $p at $width px: an image did not load or the page scrolls sideways" >&2; status=1 ;;
    esac
    n=$(sed -n 's/.* images=\([0-9]*\) .*/\1/p' <<<"$line"); images_seen=$((images_seen + ${n:-0}))
  done
done
[ "$images_seen" -gt 0 ] || { echo "check-report: FAILED: no page has an image" >&2; status=1; }

for p in "${pages[@]}"; do
  "$browser" "${flags[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$report/$p" >"$work/page.dom" 2>"$work/page.log" || true
  if grep -q "CONSOLE" "$work/page.log"; then
    echo "check-report: FAILED: the console said, on $p:" >&2
    grep "CONSOLE" "$work/page.log" >&2
    status=1
  fi
  grep -q "<h1>" "$work/page.dom" || { echo "check-report: FAILED: $p did not render" >&2; status=1; }
done

if [ -n "$shots" ]; then
  mkdir -p "$shots"
  # The paper's page with the most tables (the fullest one to look at).
  paper=$(grep -E "^PAGE [^ ]+ 1400 " <<<"$results" | grep -v "^PAGE index.html " |
          sed -n 's/^PAGE \([^ ]*\) 1400 tables=\([0-9]*\) .*/\2 \1/p' | sort -k1,1nr -k2,2 | head -n 1 | cut -d' ' -f2)
  paper=${shot_page:-${paper:-${pages[1]}}}
  [ -f "$report/$paper" ] || { echo "check-report: FAILED: no page $paper to take a screenshot of" >&2; exit 1; }
  for p in index.html "$paper"; do
    for width in 1400 400; do
      shot="$shots/${p%.html}-$width.png"
      "$browser" "${flags[@]}" --window-size="$width,900" --screenshot="$shot" "file://$report/$p" >/dev/null 2>&1 || true
      if [ -s "$shot" ]; then echo "check-report: screenshot $shot"
      else echo "check-report: FAILED: no screenshot of $p at $width px" >&2; status=1; fi
    done
  done
fi
[ $status -eq 0 ] && echo "check-report: ${#pages[@]} pages load at 1400 and 400 px with their tables and images, no preformatted block, none scrolls sideways, no console message"
exit $status
