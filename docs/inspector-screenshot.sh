#!/usr/bin/env bash
# Refresh docs/inspector.png: the browser test of the inspector (tests/serve/test_serve_inspect_browser.py)
# drives a request through the proxy in headless Chromium and takes the screenshot at its end.
# Needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver).
set -euo pipefail
cd "$(dirname "$0")/.."
CALLSIEVE_SCREENSHOT="$PWD/docs/inspector.png" python -m pytest -q -p no:cacheprovider tests/serve/test_serve_inspect_browser.py
echo "wrote docs/inspector.png"
