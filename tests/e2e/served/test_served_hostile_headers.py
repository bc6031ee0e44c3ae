"""Hostile request heads against the served app: a 400 in the app's words with its headers, never a
500 with a traceback; what granian itself refuses carries nothing a browser could run."""

from __future__ import annotations

import socket

LONG_LABEL_HOST = b"a" * 64 + b".example"  # a DNS label is at most 63 characters


def exchange(server, head: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send a raw request head; (status, headers, body) of the answer."""
    with socket.create_connection((server.host, server.port), timeout=30) as sock:
        sock.sendall(head)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
        head_part, _, body = received.partition(b"\r\n\r\n")
        lines = head_part.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(lines[0].split()[1]), headers, body


def test_a_host_label_over_63_characters_is_a_400_with_the_apps_headers(live_server):
    before = live_server.error_log.read_text()
    for path in (b"/", b"/healthz", b"/static/css/app.css", b"/g/unknown"):
        status, headers, body = exchange(
            live_server, b"GET " + path + b" HTTP/1.1\r\nHost: " + LONG_LABEL_HOST + b"\r\n\r\n"
        )
        assert status == 400, path
        assert headers["x-content-type-options"] == "nosniff"
        assert "default-src 'self'" in headers["content-security-policy"]
        assert b"could not be understood" in body
    assert "Traceback" not in live_server.error_log.read_text()[len(before) :]


def test_what_granian_refuses_before_the_app_carries_no_body(live_server):
    """A NUL byte in a header or a negative Content-Length never reaches the app: granian's HTTP parser
    answers 400 itself (no setting adds headers to it), with nothing in it to sniff or run."""
    for head in (
        b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: e\x00n\r\n\r\n",
        b"POST /new HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    ):
        status, headers, body = exchange(live_server, head)
        assert (status, body, headers.get("content-length")) == (400, b"", "0")
        assert headers.get("connection") == "close"
