#!/usr/bin/env python3
"""Capture the real `tools/list` of public MCP servers into tests/fixtures/catalog/.

Run through scripts/capture-catalogs.sh, which installs the servers (npm and
PyPI, pinned below) into a scratch directory and calls this with the official
MCP Python SDK as the client. Each server is started over stdio with dummy
credentials, offline; we only initialize and list, never call a tool.

One file per server: tests/fixtures/catalog/<server>.json with the package,
its registry and version, the package's own one-line description (npm
`description` / PyPI `Summary`), what the server said in `initialize`, and
its tools exactly as listed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from importlib import metadata
from pathlib import Path

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

SCRATCH = Path(os.environ.get("CAPTURE_DIR", "/tmp/sluice-capture"))
NPM = SCRATCH / "npm" / "node_modules"
OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "catalog"

# name, registry, package, arguments, environment. The Redis server is left
# out: it connects before it answers initialize.
DUMMY = "dummy-offline-capture"
SERVERS: list[tuple[str, str, str, list[str], dict[str, str]]] = [
    ("everything", "npm", "@modelcontextprotocol/server-everything", ["stdio"], {}),
    ("memory", "npm", "@modelcontextprotocol/server-memory", [], {"MEMORY_FILE_PATH": str(SCRATCH / "memory.json")}),
    ("filesystem", "npm", "@modelcontextprotocol/server-filesystem", [str(SCRATCH / "fsroot")], {}),
    ("github", "npm", "@modelcontextprotocol/server-github", [], {"GITHUB_PERSONAL_ACCESS_TOKEN": DUMMY}),
    ("gitlab", "npm", "@modelcontextprotocol/server-gitlab", [], {"GITLAB_PERSONAL_ACCESS_TOKEN": DUMMY, "GITLAB_API_URL": "http://127.0.0.1:9/api/v4"}),
    ("sequential-thinking", "npm", "@modelcontextprotocol/server-sequential-thinking", [], {}),
    ("puppeteer", "npm", "@modelcontextprotocol/server-puppeteer", [], {}),
    ("slack", "npm", "@modelcontextprotocol/server-slack", [], {"SLACK_BOT_TOKEN": DUMMY, "SLACK_TEAM_ID": "T0000"}),
    ("brave-search", "npm", "@modelcontextprotocol/server-brave-search", [], {"BRAVE_API_KEY": DUMMY}),
    ("google-maps", "npm", "@modelcontextprotocol/server-google-maps", [], {"GOOGLE_MAPS_API_KEY": DUMMY}),
    ("postgres", "npm", "@modelcontextprotocol/server-postgres", ["postgresql://127.0.0.1:9/db"], {}),
    ("everart", "npm", "@modelcontextprotocol/server-everart", [], {"EVERART_API_KEY": DUMMY}),
    ("aws-kb-retrieval", "npm", "@modelcontextprotocol/server-aws-kb-retrieval", [], {"AWS_ACCESS_KEY_ID": DUMMY, "AWS_SECRET_ACCESS_KEY": DUMMY, "AWS_REGION": "us-east-1"}),
    ("playwright", "npm", "@playwright/mcp", [], {}),
    ("notion", "npm", "@notionhq/notion-mcp-server", [], {"NOTION_TOKEN": DUMMY}),
    ("desktop-commander", "npm", "@wonderwhy-er/desktop-commander", [], {}),
    ("context7", "npm", "@upstash/context7-mcp", [], {}),
    ("tavily", "npm", "tavily-mcp", [], {"TAVILY_API_KEY": DUMMY}),
    ("exa", "npm", "exa-mcp-server", [], {"EXA_API_KEY": DUMMY}),
    ("kubernetes", "npm", "mcp-server-kubernetes", [], {}),
    ("firecrawl", "npm", "firecrawl-mcp", [], {"FIRECRAWL_API_KEY": DUMMY}),
    ("git", "pypi", "mcp-server-git", ["--repository", str(SCRATCH / "repo")], {}),
    ("fetch", "pypi", "mcp-server-fetch", [], {}),
    ("time", "pypi", "mcp-server-time", ["--local-timezone", "UTC"], {}),
    ("sqlite", "pypi-legacy", "mcp-server-sqlite", ["--db-path", str(SCRATCH / "capture.db")], {}),
]


def npm_command(package: str, args: list[str]) -> tuple[list[str], str, str]:
    pkg_dir = NPM / package
    manifest = json.loads((pkg_dir / "package.json").read_text())
    bin_field = manifest.get("bin")
    if isinstance(bin_field, str):
        entry = bin_field
    elif isinstance(bin_field, dict):
        entry = next(iter(bin_field.values()))
    else:
        entry = manifest["main"]
    return ["node", str(pkg_dir / entry), *args], manifest["version"], manifest.get("description", "")


def pypi_command(venv: str, package: str, args: list[str]) -> tuple[list[str], str, str]:
    # The servers live in their own venv; read their metadata from it.
    site = next((SCRATCH / venv / "lib").glob("python3*/site-packages"))
    dist = next(metadata.distributions(path=[str(site)], name=package))
    return [str(SCRATCH / venv / "bin" / package), *args], dist.version, dist.metadata.get("Summary", "")


async def capture(name: str, registry: str, package: str, args: list[str], env: dict[str, str]) -> dict:
    if registry == "npm":
        cmd, version, summary = npm_command(package, args)
    elif registry == "pypi":
        cmd, version, summary = pypi_command("py", package, args)
    else:
        # Servers written for the 1.x SDK, in a venv of their own.
        cmd, version, summary = pypi_command("py-legacy", package, args)
        registry = "pypi"
    full_env = {
        "PATH": os.environ["PATH"],
        "HOME": str(SCRATCH / "home"),
        "NO_UPDATE_NOTIFIER": "1",
        "PUPPETEER_SKIP_DOWNLOAD": "1",
        **env,
    }
    params = StdioServerParameters(command=cmd[0], args=cmd[1:], env=full_env, cwd=str(SCRATCH))
    with open(SCRATCH / f"{name}.stderr", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                tools = []
                cursor = None
                while True:
                    params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                    page = await session.list_tools(params=params)
                    tools.extend(t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in page.tools)
                    cursor = page.next_cursor
                    if not cursor:
                        break
    return {
        "server": name,
        "registry": registry,
        "package": package,
        "version": version,
        "description": summary.strip(),
        "server_info": init.server_info.model_dump(by_alias=True, exclude_none=True, mode="json"),
        "instructions": init.instructions,
        "tools": tools,
    }


async def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for d in ("home", "fsroot"):
        (SCRATCH / d).mkdir(parents=True, exist_ok=True)
    only = set(sys.argv[1:])
    failed = []
    for name, registry, package, args, env in SERVERS:
        if only and name not in only:
            continue
        try:
            data = await asyncio.wait_for(capture(name, registry, package, args, env), timeout=90)
        except BaseException as e:  # noqa: BLE001 - report and go on with the next server
            print(f"{name}: FAILED ({type(e).__name__}: {e})", file=sys.stderr)
            failed.append(name)
            continue
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"{name}: {package}@{data['version']}: {len(data['tools'])} tools")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
