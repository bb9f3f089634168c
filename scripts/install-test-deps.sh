#!/usr/bin/env bash
# The real systems the test suite runs: SymPy (Debian's /usr/bin/python3), Maxima with its share
# library (parse_string lives in share/stringproc), Chromium (the HTML report is opened in it), and
# Python's yaml module (it reads the export's dataset card, as Hugging Face datasets would).
# Installing is not enough: each system must then prove it works, or this script fails naming
# the package to install.
set -euo pipefail

pkgs=(python3-sympy python3-yaml maxima maxima-share chromium)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "test:setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    as_root=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  echo "test:setup: installing ${missing[*]}"
  "${as_root[@]}" apt-get update -q
  # --no-install-recommends keeps gnuplot and X out; maxima-share is named explicitly because
  # Maxima only recommends it and without it parse_string (stringproc) is missing.
  "${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "test:setup: Debian packages present: ${pkgs[*]}"
fi

fail() { echo "test:setup: $1" >&2; exit 1; }

# SymPy integrates x*exp(x) and the derivative of its answer is the integrand.
sympy_out=$(/usr/bin/python3 - <<'EOF' 2>&1
import sympy as sp
x = sp.Symbol('x')
F = sp.integrate(x * sp.exp(x), x)
print('ok' if sp.simplify(sp.diff(F, x) - x * sp.exp(x)) == 0 else 'wrong: %s' % F)
EOF
) || fail "SymPy does not run under /usr/bin/python3 ($sympy_out); install it with: apt-get install python3-sympy"
[ "$sympy_out" = ok ] || fail "SymPy integrated x*exp(x) wrongly ($sympy_out); reinstall python3-sympy"
echo "test:setup: SymPy $(/usr/bin/python3 -c 'import sympy; print(sympy.__version__)') integrates x*exp(x)"

# Maxima parses a string (as the target does) and integrates x*exp(x) correctly.
maxima_out=$(timeout 60 maxima --very-quiet --disable-readline \
  --batch-string='f: parse_string("x*exp(x)")$ print(is(ratsimp(diff(integrate(f, x), x) - f) = 0))$' 2>&1) \
  || fail "Maxima does not run ($maxima_out); install it with: apt-get install maxima maxima-share"
case "$maxima_out" in
  *true*) echo "test:setup: Maxima $(maxima --version | awk '{print $2}') parses and integrates x*exp(x)" ;;
  *stringproc*|*parse_string*) fail "Maxima cannot load parse_string (stringproc); install its share library with: apt-get install maxima-share" ;;
  *) fail "Maxima did not integrate x*exp(x) ($maxima_out); install it with: apt-get install maxima maxima-share" ;;
esac

# Chromium opens a page headless and runs its script.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
dom=$(timeout 60 chromium --headless --no-sandbox --disable-gpu --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --dump-dom \
  'data:text/html,<p id="r"></p><script>document.getElementById("r").textContent="opened-"+(6*7)</script>' 2>/dev/null) \
  || fail "Chromium does not run headless; install it with: apt-get install chromium"
case "$dom" in
  *opened-42*) echo "test:setup: Chromium $(chromium --version 2>/dev/null | awk '{print $2}') opens a page" ;;
  *) fail "Chromium opened no page; install it with: apt-get install chromium" ;;
esac
