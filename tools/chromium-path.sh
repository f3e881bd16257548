# Sourced by the browser checks (tools/check-*-in-browser.sh): sets $browser to headless-capable
# Chromium, installing Debian's package chromium through apt-get when it is missing.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "$(basename "$0"): installing Debian's chromium (apt-get)" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  browser=$(command -v chromium)
fi
