#!/usr/bin/env python3
"""Captures a HAR of headless Chromium calling the demo API, as its developer tools export one.

    python3 Scripts/capture-chromium-har.py http://127.0.0.1:18095 OUT.har

Start the demo server first (`swift run courier-demo serve --port 18095`). The script starts
Debian's `chromium` headless with the DevTools protocol on a pipe (no network port, nothing but
the standard library), opens the API's `/todos`, makes a few calls from the page with `fetch`
(a form login, a bearer call, a redirect that sets a cookie, JSON Lines, bytes, a 404, a refused
connection), and writes what the Network domain reported as HAR 1.2 the way Chromium's
DevTools writes it (its `HARWriter`): `WebInspector` as the creator, a page, each request an
entry, each redirect hop an entry, bodies from `Network.getResponseBody` (binary ones in
base64), Chromium's custom fields (`_resourceType`, `_transferSize`, `_error`, …). The output is
committed as a fixture (Tests/CourierTests/Testing/Cassettes/Cassettes/chromium-demo.har) that a
test replays through Courier.
"""
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

base, out = sys.argv[1].rstrip("/"), sys.argv[2]

CALLS = f"""
(async () => {{
  const form = new URLSearchParams({{username: "bob", password: "secret"}});
  const tokens = await (await fetch("/login", {{method: "POST", body: form}})).json();
  await (await fetch("/me", {{headers: {{Authorization: "Bearer " + tokens.access_token}}}})).json();
  await (await fetch("/redirect?status=302&to=/echo&cookie=session%3Ds3ss10n")).json();
  await (await fetch("/export.ndjson?count=3")).text();
  await (await fetch("/bytes?count=64")).arrayBuffer();
  await (await fetch("/status/404")).text();
  try {{ await fetch("http://127.0.0.1:9/refused"); }} catch (error) {{}}
  return "done";
}})()
"""

read_end, chromium_writes = os.pipe()
chromium_reads, write_end = os.pipe()
profile = tempfile.mkdtemp()
browser = subprocess.Popen(
    ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
     "--no-first-run", f"--user-data-dir={profile}", "about:blank"],
    pass_fds=(3, 4, chromium_reads, chromium_writes), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    # The protocol's pipe is fd 3 (what Chromium reads) and fd 4 (what it writes), in the child.
    preexec_fn=lambda: (os.dup2(chromium_reads, 100), os.dup2(chromium_writes, 101), os.dup2(100, 3),
                        os.dup2(101, 4)))
os.close(chromium_reads)
os.close(chromium_writes)
buffer = b""
next_id = 0
events = []


def send(method, params=None, session=None):
    """Sends a command and returns its result, keeping the events that arrive meanwhile."""
    global next_id, buffer
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(write_end, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffer:
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply.get("result", {})
        if "method" in reply:
            events.append(reply)


target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
send("Network.enable", {}, session)
send("Page.enable", {}, session)
started = datetime.datetime.now(datetime.timezone.utc)
send("Page.navigate", {"url": base + "/todos"}, session)
deadline = time.time() + 10
while not any(e["method"] == "Page.loadEventFired" for e in events) and time.time() < deadline:
    send("Runtime.evaluate", {"expression": "1"}, session)
result = send("Runtime.evaluate", {"expression": CALLS, "awaitPromise": True, "returnByValue": True}, session)
assert result["result"]["value"] == "done", result
time.sleep(0.5)
send("Runtime.evaluate", {"expression": "1"}, session)

# The requests, in the order they began; a redirect ends one hop and begins the next.
hops, order, extra_request, extra_response = {}, [], {}, {}
for event in events:
    method, params = event["method"], event.get("params", {})
    rid = params.get("requestId")
    if method == "Network.requestWillBeSent":
        if params.get("redirectResponse") and rid in hops:
            hops[rid]["response"] = params["redirectResponse"]
            hops[rid]["end"] = params["timestamp"]
            hops[rid + "#" + str(len(order))] = hops.pop(rid)
            order[order.index(rid)] = rid + "#" + str(len(order))
        hops[rid] = {"request": params["request"], "start": params["timestamp"], "wall": params["wallTime"],
                     "type": params.get("type", "Other"), "initiator": params.get("initiator", {}).get("type"),
                     "hop": sum(1 for other in order if other.split("#")[0] == rid)}
        order.append(rid)
    elif method == "Network.requestWillBeSentExtraInfo":
        extra_request.setdefault(rid, []).append(params)
    elif method == "Network.responseReceived" and rid in hops:
        hops[rid]["response"] = params["response"]
    elif method == "Network.responseReceivedExtraInfo":
        extra_response.setdefault(rid, []).append(params)
    elif method == "Network.loadingFinished" and rid in hops:
        hops[rid]["end"] = params["timestamp"]
        hops[rid]["transfer"] = params.get("encodedDataLength", -1)
    elif method == "Network.loadingFailed" and rid in hops:
        hops[rid]["end"] = params["timestamp"]
        hops[rid]["error"] = params.get("errorText", "")


def pairs(headers):
    return [{"name": name, "value": value} for name, values in headers.items() for value in values.split("\n")]


def cookies(header, response):
    found = []
    for line in header.split("\n") if header else []:
        parts = [part.strip() for part in (line.split(";") if response else line.split(";"))]
        for index, part in enumerate(parts[:1] if response else parts):
            name, _, value = part.partition("=")
            if name:
                found.append({"name": name, "value": value})
    return found


entries = []
for rid in order:
    hop = hops[rid]
    request, response = hop["request"], hop.get("response")
    plain = rid.split("#")[0]
    # The headers as they went on the wire (with Cookie), as DevTools shows them.
    sent = extra_request.get(plain, [])
    wire_request = sent[hop["hop"]]["headers"] if hop["hop"] < len(sent) else request["headers"]
    url = urllib.parse.urlsplit(request["url"])
    entry_request = {
        "method": request["method"], "url": request["url"], "httpVersion": (response or {}).get("protocol", ""),
        "headers": pairs(wire_request), "queryString": [
            {"name": name, "value": value} for name, value in urllib.parse.parse_qsl(url.query, keep_blank_values=True)],
        "cookies": cookies(wire_request.get("Cookie") or wire_request.get("cookie"), False),
        "headersSize": -1, "bodySize": len(request.get("postData", "")),
    }
    if "postData" in request:
        mime = request["headers"].get("Content-Type", "")
        entry_request["postData"] = {"mimeType": mime, "text": request["postData"]}
        if "x-www-form-urlencoded" in mime:
            entry_request["postData"]["params"] = [
                {"name": name, "value": value} for name, value in urllib.parse.parse_qsl(request["postData"])]
    if response:
        received = extra_response.get(plain, [])
        # The headers as they came off the wire (with Set-Cookie), as DevTools shows them.
        headers = received[hop["hop"]]["headers"] if hop["hop"] < len(received) else response["headers"]
        content = {"size": 0, "mimeType": response.get("mimeType", "x-unknown")}
        if "#" not in rid:
            body = send("Network.getResponseBody", {"requestId": rid}, session)
            text = body.get("body", "")
            content["text"] = text
            if body.get("base64Encoded"):
                content["encoding"] = "base64"
                import base64
                content["size"] = len(base64.b64decode(text))
            else:
                content["size"] = len(text.encode())
        timing = response.get("timing") or {}
        wait = max(0.0, timing.get("receiveHeadersEnd", 0) - timing.get("sendEnd", 0))
        entry_response = {
            "status": response["status"], "statusText": response.get("statusText", ""),
            "httpVersion": response.get("protocol", ""), "headers": pairs(headers),
            "cookies": cookies(headers.get("Set-Cookie") or headers.get("set-cookie"), True),
            "content": content, "redirectURL": headers.get("Location") or headers.get("location") or "",
            "headersSize": -1, "bodySize": -1, "_transferSize": hop.get("transfer", -1), "_error": None,
        }
        address = response.get("remoteIPAddress")
    else:
        wait = 0.0
        entry_response = {
            "status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
            "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1,
            "bodySize": -1, "_transferSize": 0, "_error": hop.get("error", "net::ERR_FAILED"),
        }
        address = None
    total = max(0.0, (hop.get("end", hop["start"]) - hop["start"]) * 1000)
    receive = max(0.0, total - wait)
    entry = {
        "_initiator": {"type": hop["initiator"] or "other"}, "_priority": "High", "_resourceType": hop["type"].lower(),
        "cache": {}, "pageref": "page_1", "request": entry_request, "response": entry_response,
        "startedDateTime": datetime.datetime.fromtimestamp(hop["wall"], datetime.timezone.utc)
        .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "time": wait + receive,
        "timings": {"blocked": -1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": wait, "receive": receive,
                    "_blocked_queueing": -1},
    }
    if address:
        entry["serverIPAddress"] = address
    entries.append(entry)

version = send("Browser.getVersion")
har = {"log": {
    "version": "1.2", "creator": {"name": "WebInspector", "version": version["product"].split("/")[-1]},
    "pages": [{"startedDateTime": started.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
               "id": "page_1", "title": base + "/todos", "pageTimings": {"onContentLoad": -1, "onLoad": -1}}],
    "entries": entries,
}}
browser.terminate()
browser.wait()
with open(out, "w", encoding="utf-8") as file:
    json.dump(har, file, indent=2, ensure_ascii=False)
    file.write("\n")
print(f"{out}: {len(entries)} entries from {version['product']}")
