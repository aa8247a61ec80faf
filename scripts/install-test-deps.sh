#!/usr/bin/env bash
# Installs what the integration tests run besides Sluice itself:
# - npm: @modelcontextprotocol/server-everything, -memory, -filesystem
#   (pinned in tests/node/package-lock.json) into tests/node/node_modules;
# - PyPI: the official MCP Python SDK (tests/python/requirements.txt)
#   into tests/python/.venv.
# Needs node/npm and python3. Both go to git-ignored directories.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --prefix tests/node --no-audit --no-fund --loglevel=error
python3 -m venv tests/python/.venv
tests/python/.venv/bin/pip install --quiet --disable-pip-version-check -r tests/python/requirements.txt
echo "test dependencies installed (tests/node, tests/python/.venv)"
