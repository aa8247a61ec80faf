#!/usr/bin/env python3
"""Drives Sluice with the official MCP Python SDK (a client Sluice did not write).

    sdk_client.py stdio SLUICE_BIN CONFIG     # launches `sluice serve --config CONFIG`
    sdk_client.py http URL                    # connects to a running gateway

The gateway must front the demo servers and server-everything (see
tests/python_sdk.rs). The client connects in the SDK's default `auto` mode
(server/discover first, then initialize), lists and calls tools, answers
sampling and elicitation with the tokens it was shown, receives progress
and log notifications, reads a resource and gets a prompt. It checks that
no address ever reaches it in plaintext, and prints one JSON line with what
it saw. Any failed check exits 1 with the reason.
"""
import asyncio
import json
import re
import sys

import mcp_types as types
from mcp import Client
from mcp.client.stdio import StdioServerParameters

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}")
TOKEN = re.compile(r"\[(EMAIL|PHONE|NAME)_\d+(?:_\d+)?\]")

seen = []  # every text the client received, to scan for plaintext


def record(obj):
    text = obj if isinstance(obj, str) else json.dumps(obj, default=str)
    seen.append(text)
    return text


def dump(model):
    return record(model.model_dump(mode="json", by_alias=True, exclude_none=True))


def check(cond, what):
    if not cond:
        print(f"FAILED: {what}", file=sys.stderr)
        sys.exit(1)


async def main():
    kind = sys.argv[1]
    if kind == "stdio":
        target = StdioServerParameters(command=sys.argv[2], args=["serve", "--config", sys.argv[3]])
    else:
        target = sys.argv[2]

    progress, logs, sampled, elicited = [], [], [], []
    state = {"token": None}

    async def on_sampling(ctx, params):
        text = params.messages[0].content.text
        sampled.append(record(text))
        return types.CreateMessageResult(
            role="assistant",
            content=types.TextContent(type="text", text=f"SDK says: {text}"),
            model="sdk-test-model",
            stop_reason="endTurn",
        )

    async def on_elicitation(ctx, params):
        elicited.append(record(params.message))
        content = {}
        for k, p in (params.requested_schema or {}).get("properties", {}).items():
            t = p.get("type")
            if k == "email":
                content[k] = state["token"]
            elif t == "boolean":
                content[k] = True
            elif t in ("integer", "number"):
                content[k] = 7
            elif t == "array":
                items = p.get("items", {})
                content[k] = [items["enum"][0]] if "enum" in items else [items["anyOf"][0]["const"]]
            elif "enum" in p:
                content[k] = p["enum"][0]
            elif "oneOf" in p:
                content[k] = p["oneOf"][0]["const"]
            elif k == "homepage":
                content[k] = "https://example.com/"
            elif k == "birthdate":
                content[k] = "1990-01-01"
            else:
                content[k] = "SDK Tester"
        return types.ElicitResult(action="accept", content=content)

    async def on_log(params):
        logs.append(record(params.model_dump(mode="json", exclude_none=True)))

    async def on_progress(progress_value, total, message):
        progress.append(record({"progress": progress_value, "total": total, "message": message}))

    async with Client(
        target,
        sampling_callback=on_sampling,
        elicitation_callback=on_elicitation,
        logging_callback=on_log,
    ) as client:
        check(client.protocol_version == "2025-11-25", f"protocol {client.protocol_version}")
        await client.set_logging_level("debug")
        tools = [t.name for t in (await client.list_tools()).tools]
        for t in ["crm__get_contact", "mailer__send_email", "everything__trigger-sampling-request"]:
            check(t in tools, f"{t} in tools/list")

        r = await client.call_tool("crm__get_contact", {"id": "C-1001"})
        dump(r)
        email = r.structured_content["email"]
        check(TOKEN.fullmatch(email) is not None, f"email is a token: {email}")
        state["token"] = email

        r = await client.call_tool(
            "mailer__send_email",
            {"to": email, "subject": "From the Python SDK", "body": f"Dear {r.structured_content['first_name']}"},
            progress_callback=on_progress,
        )
        dump(r)
        check(not r.is_error, "send_email succeeded")
        check(r.structured_content["to"] == email, "the result shows the same token")

        r = await client.call_tool(
            "everything__trigger-sampling-request", {"prompt": f"Summarize the account of {email}", "maxTokens": 20}
        )
        result = dump(r)
        check(len(sampled) == 1 and email in sampled[0], f"sampling request tokenized: {sampled}")
        check("SDK says" in result and email in result, "the sampled answer went back restored and came back tokenized")

        r = await client.call_tool("everything__trigger-elicitation-request", {})
        result = dump(r)
        check(len(elicited) == 1, "elicitation reached the client")
        check(email in result, f"elicited token restored for the server and tokenized again: {result[:300]}")

        res = await client.read_resource("crm://contacts/C-1001")
        dump(res)
        p = await client.get_prompt("crm__follow_up", {"contact_id": "C-1001"})
        prompt = dump(p)
        check(email in prompt, "the prompt uses the session's token for the same address")

        for _ in range(50):
            if logs and progress:
                break
            await asyncio.sleep(0.1)
        check(progress, "progress notifications arrived")
        check(logs, "log notifications arrived")

    leaks = [m for text in seen for m in EMAIL.findall(text)]
    check(not leaks, f"plaintext addresses reached the client: {leaks[:3]}")
    print(json.dumps({
        "ok": True,
        "protocol": "2025-11-25",
        "tools": len(tools),
        "token": state["token"],
        "progress": len(progress),
        "logs": len(logs),
        "texts": len(seen),
    }))


asyncio.run(main())
