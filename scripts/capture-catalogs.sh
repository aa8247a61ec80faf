#!/usr/bin/env bash
# Captures the real tools/list of public MCP servers into tests/fixtures/catalog/.
#
# Installs the pinned packages below into $CAPTURE_DIR (default
# /tmp/sluice-capture; never into the repo), then runs
# scripts/capture_catalogs.py, a small client on the official MCP Python
# SDK, which starts each server over stdio with dummy credentials and
# writes one JSON file per server (package, version, the package's own
# description, serverInfo, tools). Nothing is called but initialize and
# tools/list; no server needs the network for that.
#
# Usage: scripts/capture-catalogs.sh [SERVER...]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
CAPTURE_DIR="${CAPTURE_DIR:-/tmp/sluice-capture}"
export CAPTURE_DIR
mkdir -p "$CAPTURE_DIR/npm" "$CAPTURE_DIR/repo"

NPM_PACKAGES=(
  @modelcontextprotocol/server-everything@2026.8.31
  @modelcontextprotocol/server-memory@2026.8.31
  @modelcontextprotocol/server-filesystem@2026.8.31
  @modelcontextprotocol/server-github@2025.4.8
  @modelcontextprotocol/server-gitlab@2025.4.25
  @modelcontextprotocol/server-sequential-thinking@2026.8.31
  @modelcontextprotocol/server-puppeteer@2025.5.12
  @modelcontextprotocol/server-slack@2025.4.25
  @modelcontextprotocol/server-brave-search@0.6.2
  @modelcontextprotocol/server-google-maps@0.6.2
  @modelcontextprotocol/server-postgres@0.6.2
  @modelcontextprotocol/server-everart@0.6.2
  @modelcontextprotocol/server-aws-kb-retrieval@0.6.2
  @playwright/mcp@0.0.83
  @notionhq/notion-mcp-server@2.5.2
  @wonderwhy-er/desktop-commander@0.2.52
  @upstash/context7-mcp@4.1.1
  tavily-mcp@0.2.22
  exa-mcp-server@3.4.1
  mcp-server-kubernetes@4.1.7
  firecrawl-mcp@3.22.2
)
PYPI_PACKAGES=(
  mcp==2.3.0
  mcp-server-git==2026.10.19
  mcp-server-fetch==2026.10.24
  mcp-server-time==2026.10.19
)
# mcp-server-sqlite was written for the 1.x SDK and breaks on 2.x.
LEGACY_PACKAGES=(
  "mcp<1.10"
  "pydantic<2.12"
  mcp-server-sqlite==2025.4.25
)

if [ ! -f "$CAPTURE_DIR/npm/package.json" ]; then
  echo '{"name":"sluice-capture","private":true}' >"$CAPTURE_DIR/npm/package.json"
fi
# Puppeteer would fetch a browser in postinstall; listing tools needs none.
PUPPETEER_SKIP_DOWNLOAD=1 npm install --prefix "$CAPTURE_DIR/npm" --no-audit --no-fund \
  --loglevel=error "${NPM_PACKAGES[@]}"

if [ ! -x "$CAPTURE_DIR/py/bin/python" ]; then
  python3 -m venv "$CAPTURE_DIR/py"
fi
"$CAPTURE_DIR/py/bin/pip" install --quiet --disable-pip-version-check "${PYPI_PACKAGES[@]}"
if [ ! -x "$CAPTURE_DIR/py-legacy/bin/python" ]; then
  python3 -m venv "$CAPTURE_DIR/py-legacy"
fi
"$CAPTURE_DIR/py-legacy/bin/pip" install --quiet --disable-pip-version-check "${LEGACY_PACKAGES[@]}"

# mcp-server-git wants a repository to serve.
if [ ! -d "$CAPTURE_DIR/repo/.git" ]; then
  git -C "$CAPTURE_DIR/repo" init --quiet
fi

"$CAPTURE_DIR/py/bin/python" scripts/capture_catalogs.py "$@"
