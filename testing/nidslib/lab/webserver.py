"""The lab's HTTP server: GET of generated content of any size, POST that reads its body, HTTP/1.0 or 1.1.

    python3 webserver.py --bind 10.0.0.2 --port 8080 [--protocol HTTP/1.1] [--timeout SECONDS]

`GET /` is a small HTML page; `GET /<name>.<ext>?size=N` (or a path ending in a number, `/files/N`) answers N bytes
of pseudo-random data, streamed in 16 KB chunks so a rate-limited client reads it slowly; `POST` reads the request
body (Content-Length) and answers a short page, so slow-body attacks and form uploads meet a server that waits for
them. A thread per connection, like most small servers: a slow client holds one thread, not the whole server.
Run by the lab inside a host's network namespace; it stops on SIGTERM.
"""
import argparse
import http.server
import os
import re
import signal
import socketserver
import sys
import urllib.parse

CHUNK = 16 * 1024
MAX_SIZE = 64 * 1024 * 1024
_BLOCK = os.urandom(CHUNK)
_SIZE_IN_PATH = re.compile(r"/(\d+)(?:\.\w+)?$")


def requested_size(path):
    parsed = urllib.parse.urlsplit(path)
    query = urllib.parse.parse_qs(parsed.query)
    if "size" in query:
        try:
            return max(0, min(MAX_SIZE, int(query["size"][0])))
        except ValueError:
            return None
    match = _SIZE_IN_PATH.search(parsed.path)
    return min(MAX_SIZE, int(match.group(1))) if match else None


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "lab-web/1.0"

    def log_message(self, fmt, *args):  # one short line per request on stderr (the lab's log)
        sys.stderr.write("%s %s\n" % (self.client_address[0], fmt % args))

    def do_GET(self):
        self._answer(head=False)

    def do_HEAD(self):
        self._answer(head=True)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        remaining = min(length, MAX_SIZE)
        while remaining > 0:
            chunk = self.rfile.read(min(CHUNK, remaining))
            if not chunk:
                return
            remaining -= len(chunk)
        self._page(b"<html><body>received %d bytes</body></html>\n" % length)

    def _answer(self, head):
        if self.path in ("/", "/index.html"):
            self._page(b"<html><head><title>lab</title></head><body>" + b"<p>lab page</p>" * 40 + b"</body></html>\n",
                       head)
            return
        size = requested_size(self.path)
        if size is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        if head:
            return
        sent = 0
        while sent < size:
            piece = _BLOCK[:min(CHUNK, size - sent)]
            self.wfile.write(piece)
            sent += len(piece)

    def _page(self, body, head=False):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 256


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--protocol", default="HTTP/1.1", choices=["HTTP/1.0", "HTTP/1.1"])
    parser.add_argument("--timeout", type=float, default=0, help="per-connection idle timeout (0: none)")
    args = parser.parse_args(argv)
    Handler.protocol_version = args.protocol
    if args.timeout > 0:
        Handler.timeout = args.timeout
    server = Server((args.bind, args.port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main(sys.argv[1:])
