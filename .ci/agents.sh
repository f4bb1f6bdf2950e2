#!/usr/bin/env bash
# CI: install the real agent CLIs that tests/serve/test_serve_agents.py drives through the proxy
# (and, in CI, the browser that tests/serve/test_serve_inspect_browser.py drives).
# Pinned to the newest releases that run on Node 20; npm's cache makes a re-run take seconds,
# and an install that already has these versions is left as it is.
set -euo pipefail
DIR="${CALLSIEVE_AGENTS_DIR:-$HOME/.cache/callsieve-agents}"
OPENCODE=1.18.33
PACKAGES=(@openai/codex@0.171.0 @anthropic-ai/claude-code@2.1.197 "opencode-ai@$OPENCODE"
          @qwen-code/qwen-code@0.15.10)
if ! command -v npm >/dev/null; then
    if [ -n "${CI:-}" ]; then
        apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null   # a fresh machine without Node
    else
        echo "agents.sh: npm not found; the agent CLI tests will be skipped" >&2
        exit 0
    fi
fi
mkdir -p "$DIR/opencode-config"
STAMP="$DIR/.installed"
WANT="${PACKAGES[*]} @opencode-ai/plugin@$OPENCODE"
if [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]; then
    npm install --silent --no-audit --no-fund --prefix "$DIR" "${PACKAGES[@]}"
    # opencode loads its plugin package from its config folder; installed here once, copied per run
    npm install --silent --no-audit --no-fund --prefix "$DIR/opencode-config" "@opencode-ai/plugin@$OPENCODE"
    echo "$WANT" > "$STAMP"
fi
echo "agent CLIs in $DIR/node_modules/.bin"
# The other real client the tests drive: headless Chromium, for the inspector page
# (tests/serve/test_serve_inspect_browser.py). Debian's packages; CI installs them, elsewhere it is a note.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if [ -n "${CI:-}" ]; then
        apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null
    else
        echo "agents.sh: chromium or chromedriver not found (apt install chromium chromium-driver);" \
             "the inspector's browser test will be skipped" >&2
    fi
fi
