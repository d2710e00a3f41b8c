# Run: .venv/bin/python -m pytest testing/tests
"""The REST client's bounded retries, against a local HTTP server that misbehaves on purpose."""
import http.server
import threading

import pytest

from nidslib import onos


class FlakyHandler(http.server.BaseHTTPRequestHandler):
    answers = []

    def do_GET(self):
        status, body = self.answers.pop(0) if self.answers else (200, b"{}")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = http.server.HTTPServer(("127.0.0.1", 0), FlakyHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def client(url):
    return onos.Rest(url, attempts=4, first_delay=0.01, max_delay=0.02, timeout=2)


def test_transient_503_is_retried(server):
    FlakyHandler.answers = [(503, b"busy"), (503, b"busy"), (200, b'{"ok": true}')]
    assert client(server).get("/x") == {"ok": True}


def test_client_errors_are_not_retried(server):
    FlakyHandler.answers = [(404, b"nope"), (200, b"{}")]
    with pytest.raises(onos.RestError) as e:
        client(server).get("/x")
    assert e.value.status == 404


def test_retries_are_bounded(server):
    FlakyHandler.answers = [(503, b"busy")] * 10
    with pytest.raises(onos.RestError) as e:
        client(server).get("/x")
    assert e.value.status == 503
    assert len(FlakyHandler.answers) == 6  # four attempts, no more


def test_wait_until_fails_with_what_it_waited_for():
    with pytest.raises(onos.OnosError, match="the moon"):
        onos.wait_until(lambda: False, 0.05, 0.01, "the moon")
