"""The WebSocket servers Courier's WebSocket tests talk to, on 127.0.0.1.

The protocol is Python's `websockets` library (PyPI), which nobody on the project wrote; this
script only picks what each path does. It prints `ports <websockets> <silent>` once both listen,
then one line per event the tests count (`open <path>`, `closed <path> <code>`, `refused <path>`),
and stops when its standard input closes (the test process ended).

Paths of the `websockets` server:
  /echo            sends every message back
  /auth            refuses (401, a JSON body) unless `Authorization: Bearer fresh`, then echoes
  /refuse          refuses with 403 and a JSON body
  /big?bytes=N     sends one binary message of N random bytes (which do not compress), then echoes
  /bomb?mib=N      sends one binary message of N MiB of zeros: compressed (permessage-deflate,
                   when the client offers it) to about 1/1000 of that
  /close?code=N    closes at once with code N and the reason "bye"
  /flood?count=N&size=S
                   sends N binary messages of S random bytes as fast as the client takes them, printing
                   `progress k` every 1,000 and `flooded N` at the end
  /numbers?count=N&drop=K&id=I
                   waits for `{"resume": k}`, then sends `{"n": k+1}` … `{"n": N}`, printing
                   `sent I n` for each; the first connection of id I is dropped (no close frame)
                   after K messages

The second port is not `websockets`: it answers the handshake and then sends nothing, not even
a pong, like a peer that has gone away without closing (the client's keep-alive must notice).
"""

import asyncio
import base64
import hashlib
import http
import json
import os
import sys
from urllib.parse import parse_qs, urlsplit

import websockets
from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response


dropped = set()  # the ids whose first connection was dropped


def say(*words):
    print(*words, flush=True)


def refuse(status, body):
    return Response(status.value, status.phrase, Headers([("Content-Type", "application/json")]),
                    json.dumps(body).encode())


def process_request(connection, request):
    path = urlsplit(request.path).path
    if path == "/auth" and request.headers.get("Authorization") != "Bearer fresh":
        say("refused", path)
        return refuse(http.HTTPStatus.UNAUTHORIZED, {"error": "expired"})
    if path == "/refuse":
        say("refused", path)
        return refuse(http.HTTPStatus.FORBIDDEN, {"error": "forbidden", "detail": "not for you"})
    return None


async def handler(connection):
    parts = urlsplit(connection.request.path)
    path, query = parts.path, parse_qs(parts.query)
    say("open", path)
    try:
        if path == "/close":
            await connection.close(int(query["code"][0]), "bye")
            return
        if path == "/flood":
            count, size = int(query["count"][0]), int(query["size"][0])
            for n in range(1, count + 1):
                await connection.send(os.urandom(size))  # random: compression does not shrink them
                if n % 1000 == 0:
                    say("progress", n)
            say("flooded", count)
        if path == "/numbers":
            await numbers(connection, int(query["count"][0]), int(query["drop"][0]), query["id"][0])
            return
        if path == "/big":
            await connection.send(os.urandom(int(query["bytes"][0])))
        if path == "/bomb":
            await connection.send(bytes(int(query["mib"][0]) << 20))
        async for message in connection:
            await connection.send(message)
    except websockets.ConnectionClosed:
        pass
    finally:
        code = connection.close_code if connection.close_code is not None else "none"
        say("closed", path, code)


async def numbers(connection, count, drop, ident):
    start = json.loads(await connection.recv())["resume"]
    for n in range(start + 1, count + 1):
        if ident not in dropped and n > drop:
            dropped.add(ident)
            connection.transport.abort()  # no close frame: a dropped connection
            return
        await connection.send(json.dumps({"n": n}))
        say("sent", ident, n)
    async for _ in connection:
        pass


async def silent(reader, writer):
    """Answers a WebSocket handshake, then sends nothing and reads until the client leaves."""
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = await reader.read(4096)
        if not chunk:
            writer.close()
            return
        head += chunk
    key = ""
    for line in head.decode("latin-1").split("\r\n"):
        if line.lower().startswith("sec-websocket-key:"):
            key = line.split(":", 1)[1].strip()
    accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
    writer.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    await writer.drain()
    say("open", "/silent")
    while await reader.read(4096):
        pass
    say("closed", "/silent", "none")
    writer.close()


async def main():
    # permessage-deflate is on (the library's default) when the client offers it.
    async with serve(handler, "127.0.0.1", 0, process_request=process_request, max_size=None) as server:
        quiet = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        quiet_port = quiet.sockets[0].getsockname()[1]
        say("ports", port, quiet_port)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)  # until the test process ends


asyncio.run(main())
